// The schematic map of a planned day: the visits projected from their coordinates into an SVG box,
// the optimised order as numbered points joined by lines, the calendar order as a faint dashed line.
// Drawn entirely from the event data: no tiles, fonts or images are fetched. Straight lines, not roads.
import type { RouteReport, VisitInput } from '../../../../core/routing/index.ts';
import { MAP_BOX, projectPoints, spanKm } from './route-plan.ts';

export interface RouteMapProps {
  report: RouteReport;
  visits: readonly VisitInput[];
  dayLabel: string;
}

export function RouteMap({ report, visits, dayLabel }: RouteMapProps) {
  const points = projectPoints(visits.map((v) => ({ id: v.id, lat: v.lat, lon: v.lon })));
  const line = (order: readonly string[]) =>
    order
      .map((id) => points.get(id))
      .filter((p) => p !== undefined)
      .map((p) => `${p.x},${p.y}`)
      .join(' ');
  const stops = report.optimized.stops;
  const km = Math.round(spanKm(visits));
  const titleId = `route-map-title-${report.date}`;
  const descId = `route-map-desc-${report.date}`;
  const description =
    `${stops.length} numbered points in the optimised visiting order: ` +
    stops.map((s, i) => `${i + 1} ${s.title}`).join(', ') +
    `. A solid line joins them in that order; a dashed line shows the calendar order. ` +
    `North is up; the visits are about ${km} km apart at most. Straight lines, not roads.`;

  return (
    <figure className="route-map">
      <svg
        className="route-map__svg"
        viewBox={`0 0 ${MAP_BOX.width} ${MAP_BOX.height}`}
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
      >
        <title id={titleId}>{`Schematic map of the route for ${dayLabel}`}</title>
        <desc id={descId}>{description}</desc>
        <rect className="route-map__ground" x="0" y="0" width={MAP_BOX.width} height={MAP_BOX.height} rx="8" />
        {stops.length > 1 ? (
          <>
            <polyline className="route-map__calendar" points={line(report.calendar.order)} />
            <polyline className="route-map__optimised" points={line(report.optimized.order)} />
          </>
        ) : null}
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
        <span className="route-map__key route-map__key--optimised" aria-hidden="true" /> Optimised order{' '}
        <span className="route-map__key route-map__key--calendar" aria-hidden="true" /> Calendar order · Schematic:
        straight lines, north up
      </figcaption>
    </figure>
  );
}
