// The Route view's places: the day's visit addresses located on the server (machines/day-places) before the plan,
// when the calendar gives addresses rather than coordinates. Nothing runs when every visit has its place already,
// or where the page has no server to ask (then such visits are left out, and the plan says why).
import { useEffect, useRef, useState } from 'react';
import { type Actor, createActor } from 'xstate';
import {
  createDayPlacesActors,
  type DayPlacesView,
  dayPlacesMachine,
  toDayPlacesView,
} from '../../../../machines/day-places/index.ts';
import type { LocateAddresses } from '../../adapters/locations.ts';

export interface DayPlaces extends DayPlacesView {
  retry(): void;
}

const NOTHING_TO_LOCATE: DayPlacesView = { status: 'located', locations: new Map(), message: null };

export function useDayPlaces(locate: LocateAddresses | null, addresses: readonly string[]): DayPlaces {
  // The same addresses in another order (the calendar reloaded after a move) are not located again.
  const key = [...addresses].sort().join('\n');
  const runs = locate !== null && addresses.length > 0;
  const [view, setView] = useState<DayPlacesView>(
    runs ? { status: 'locating', locations: new Map(), message: null } : NOTHING_TO_LOCATE,
  );
  const actorRef = useRef<Actor<typeof dayPlacesMachine> | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the addresses (a new array each render).
  useEffect(() => {
    if (!locate || addresses.length === 0) {
      setView(NOTHING_TO_LOCATE);
      return;
    }
    const actor = createActor(dayPlacesMachine.provide({ actors: createDayPlacesActors({ locate }) }), {
      input: { addresses: [...addresses] },
    });
    const subscription = actor.subscribe(() => setView(toDayPlacesView(actor.getSnapshot())));
    actor.start();
    setView(toDayPlacesView(actor.getSnapshot()));
    actorRef.current = actor;
    // Leaving (or another day) stops the machine: a request under way is abandoned, its signal aborted.
    return () => {
      subscription.unsubscribe();
      actor.stop();
      actorRef.current = null;
    };
  }, [locate, key]);

  return { ...view, retry: () => actorRef.current?.send({ type: 'places.retry' }) };
}
