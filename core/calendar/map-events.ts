import type { CalendarEvent, ProviderEvent } from './calendar.types.ts';

export const NO_TITLE = 'No Title';

/** Maps one provider item to the product's event (spec §3): "No Title" when there is no summary. */
export function mapProviderEvent(item: ProviderEvent): CalendarEvent {
  const allDay = !item.start?.dateTime && !!item.start?.date;
  const event: CalendarEvent = {
    id: item.id,
    title: item.summary?.trim() ? item.summary : NO_TITLE,
    start: item.start?.dateTime ?? item.start?.date ?? '',
    end: item.end?.dateTime ?? item.end?.date ?? '',
    allDay,
  };
  if (item.description !== undefined) event.description = item.description;
  if (item.location !== undefined) event.location = item.location;
  if (item.extendedProperties?.private) event.properties = { ...item.extendedProperties.private };
  if (item.etag !== undefined) event.etag = item.etag;
  return event;
}

/** Maps a page's items, dropping cancelled instances the provider may still list. */
export function mapProviderEvents(items: readonly ProviderEvent[]): CalendarEvent[] {
  return items.filter((item) => item.status !== 'cancelled').map(mapProviderEvent);
}
