// The mileage-month machine run for the Mileage view, over the page's client (the server's `mileage` function).
import { useEffect, useRef, useState } from 'react';
import { type Actor, createActor } from 'xstate';
import {
  createMileageMonthActors,
  type MileageDaySave,
  type MileageMonthPorts,
  type MileageMonthView,
  mileageMonthMachine,
  toMileageMonthView,
} from '../../../../machines/mileage-month/index.ts';

export interface MileageMonthControls extends MileageMonthView {
  showMonth(month: string): void;
  saveDay(save: MileageDaySave): void;
  retry(): void;
}

export function useMileageMonth(ports: MileageMonthPorts | null, initialMonth: string): MileageMonthControls | null {
  const [view, setView] = useState<MileageMonthView | null>(null);
  const actorRef = useRef<Actor<typeof mileageMonthMachine> | null>(null);
  const firstMonth = useRef(initialMonth);
  useEffect(() => {
    if (!ports) return;
    const actor = createActor(mileageMonthMachine.provide({ actors: createMileageMonthActors(ports) }), {
      input: { month: firstMonth.current },
    });
    const subscription = actor.subscribe(() => setView(toMileageMonthView(actor.getSnapshot())));
    actor.start();
    setView(toMileageMonthView(actor.getSnapshot()));
    actorRef.current = actor;
    // Leaving stops the machine: a request under way is abandoned, its signal aborted.
    return () => {
      subscription.unsubscribe();
      actor.stop();
      actorRef.current = null;
    };
  }, [ports]);
  if (!ports) return null;
  const current: MileageMonthView = view ?? {
    status: 'loading',
    month: firstMonth.current,
    log: null,
    savingDay: null,
    message: null,
    saveError: null,
  };
  return {
    ...current,
    showMonth: (month) => actorRef.current?.send({ type: 'mileage.month', month }),
    saveDay: (save) => actorRef.current?.send({ type: 'mileage.saveDay', save }),
    retry: () => actorRef.current?.send({ type: 'mileage.retry' }),
  };
}
