// The schematic map of a planned day: the visits projected from their coordinates into an SVG box, the optimised
// order as solid numbered points joined by a line, the calendar order as small hollow numbers beside them joined by a
// faint dashed line, so both orders can be read. Drawn entirely from the event data: no tiles, fonts or images are
// fetched. Straight lines, not roads.
import type { RouteReport, VisitInput } from '../../../../core/routing/index.ts';
import { useT } from '../../i18n/use-t.ts';
import { MAP_BOX, projectPoints, spanKm } from './route-plan.ts';

export interface RouteMapProps {
  report: RouteReport;
  visits: readonly VisitInput[];
  dayLabel: string;
}

export function RouteMap({ report, visits, dayLabel }: RouteMapProps) {
  const t = useT();
  const points = projectPoints(visits.map((v) => ({ id: v.id, lat: v.lat, lon: v.lon })));
  const line = (order: readonly string[]) =>
    order
      .map((id) => points.get(id))
      .filter((p) => p !== undefined)
      .map((p) => `${p.x},${p.y}`)
      .join(' ');
  const stops = report.optimized.stops;
  const calendarStops = report.calendar.stops;
  const sameOrder = report.optimized.order.join('\u0000') === report.calendar.order.join('\u0000');
  const km = Math.round(spanKm(visits));
  const titleId = `route-map-title-${report.date}`;
  const descId = `route-map-desc-${report.date}`;
  const numbered = (list: typeof stops) => list.map((s, i) => `${i + 1} ${s.title}`).join(', ');
  const description = [
    t('route.map.points', { count: stops.length, list: numbered(stops) }),
    sameOrder ? t('route.map.sameOrder') : t('route.map.calendarOrder', { list: numbered(calendarStops) }),
    t('route.map.scale', { km }),
  ].join(' ');

  return (
    <figure className="route-map">
      <svg
        className="route-map__svg"
        viewBox={`0 0 ${MAP_BOX.width} ${MAP_BOX.height}`}
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
      >
        <title id={titleId}>{t('route.map.title', { day: dayLabel })}</title>
        <desc id={descId}>{description}</desc>
        <rect className="route-map__ground" x="0" y="0" width={MAP_BOX.width} height={MAP_BOX.height} rx="8" />
        {stops.length > 1 ? (
          <>
            <polyline className="route-map__calendar" points={line(report.calendar.order)} />
            <polyline className="route-map__optimised" points={line(report.optimized.order)} />
          </>
        ) : null}
        {calendarStops.map((stop, index) => {
          const p = points.get(stop.id);
          if (!p) return null;
          // Beside the optimised marker (up and to the right), so both numbers stay readable.
          return (
            <g
              key={`calendar-${stop.id}`}
              className="route-map__calendar-stop"
              data-visit-id={stop.id}
              transform={`translate(${p.x + 13} ${p.y - 13})`}
            >
              <circle r="7" />
              <text textAnchor="middle" dominantBaseline="central">
                {index + 1}
              </text>
            </g>
          );
        })}
        {stops.map((stop, index) => {
          const p = points.get(stop.id);
          if (!p) return null;
          return (
            <g key={stop.id} className="route-map__stop" data-visit-id={stop.id} transform={`translate(${p.x} ${p.y})`}>
              <circle r="11" />
              <text textAnchor="middle" dominantBaseline="central">
                {index + 1}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="route-map__legend">
        <span className="route-map__key route-map__key--optimised" aria-hidden="true" />{' '}
        {t('route.map.legendOptimised')} <span className="route-map__key route-map__key--calendar" aria-hidden="true" />{' '}
        {t('route.map.legendCalendar')}
      </figcaption>
    </figure>
  );
}
