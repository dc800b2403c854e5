// Watch Demo: a modal dialog with a short step-by-step walkthrough drawn with inline SVG and CSS
// (no video, nothing fetched beyond the app's own origin). Native <dialog>: focus stays inside,
// Escape closes it, focus returns to the Watch Demo button.
import { useEffect, useId, useRef, useState } from 'react';
import { DEMO_SLIDES } from './landing-content.ts';

function SlideArt({ index }: { index: number }) {
  return (
    <svg className={`demo-art demo-art--${index}`} viewBox="0 0 320 180" aria-hidden="true" focusable="false">
      <rect x="1" y="1" width="318" height="178" rx="12" fill="#f8fafc" stroke="#cbd5e1" />
      <rect x="1" y="1" width="318" height="28" rx="12" fill="#1d4ed8" />
      <text x="16" y="20" fill="#fff" fontSize="12" fontWeight="700">
        HomeRounds
      </text>
      {index === 0 ? (
        <g className="demo-pulse">
          <rect x="80" y="80" width="160" height="40" rx="8" fill="#fff" stroke="#1d4ed8" strokeWidth="2" />
          <text x="160" y="105" textAnchor="middle" fontSize="13" fill="#1e293b">
            Start with Google
          </text>
        </g>
      ) : null}
      {index === 1 ? (
        <g>
          {[0, 1, 2, 3, 4].map((col) =>
            [0, 1, 2].map((row) => (
              <rect
                key={`${col}-${row}`}
                x={20 + col * 58}
                y={42 + row * 44}
                width="54"
                height="40"
                rx="4"
                fill="#fff"
                stroke="#e2e8f0"
              />
            )),
          )}
          <rect className="demo-slide-in" x="24" y="56" width="46" height="10" rx="3" fill="#1d4ed8" />
          <rect className="demo-slide-in" x="82" y="56" width="46" height="10" rx="3" fill="#1d4ed8" />
          <rect className="demo-slide-in" x="140" y="100" width="46" height="10" rx="3" fill="#1d4ed8" />
          <rect className="demo-slide-in" x="198" y="144" width="46" height="10" rx="3" fill="#1d4ed8" />
        </g>
      ) : null}
      {index === 2 ? (
        <g>
          <circle className="demo-pulse" cx="70" cy="105" r="28" fill="#dbeafe" />
          <circle cx="70" cy="105" r="16" fill="#1d4ed8" />
          <rect x="120" y="70" width="180" height="28" rx="14" fill="#e2e8f0" />
          <text x="132" y="89" fontSize="11" fill="#1e293b">
            Home visit, Friday 10 am?
          </text>
          <rect className="demo-slide-in" x="140" y="110" width="160" height="28" rx="14" fill="#1d4ed8" />
          <text className="demo-slide-in" x="152" y="129" fontSize="11" fill="#fff">
            Added to your calendar
          </text>
        </g>
      ) : null}
      {index === 3 ? (
        <g>
          <path
            className="demo-route"
            d="M40 150 L110 70 L190 120 L280 50"
            fill="none"
            stroke="#1d4ed8"
            strokeWidth="4"
            strokeLinecap="round"
          />
          {[
            [40, 150],
            [110, 70],
            [190, 120],
            [280, 50],
          ].map(([cx, cy], stop) => (
            <circle
              key={`${cx}-${cy}`}
              cx={cx}
              cy={cy}
              r="9"
              fill={stop === 0 ? '#1e293b' : '#fff'}
              stroke="#1d4ed8"
              strokeWidth="3"
            />
          ))}
        </g>
      ) : null}
    </svg>
  );
}

export interface DemoDialogProps {
  open: boolean;
  onClose(): void;
}

export function DemoDialog({ open, onClose }: DemoDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [slide, setSlide] = useState(0);
  const titleId = useId();
  const current = DEMO_SLIDES[slide] ?? DEMO_SLIDES[0];

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setSlide(0);
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  const last = DEMO_SLIDES.length - 1;
  return (
    <dialog ref={dialogRef} className="demo-dialog" aria-labelledby={titleId} onClose={onClose}>
      <div className="demo-dialog__header">
        <h2 id={titleId}>See HomeRounds in action</h2>
        <button type="button" className="button button--ghost" onClick={onClose} aria-label="Close demo">
          Close
        </button>
      </div>
      <div className="demo-dialog__slide" aria-live="polite">
        <SlideArt key={slide} index={slide} />
        <h3>
          <span className="demo-dialog__step">
            Step {slide + 1} of {DEMO_SLIDES.length}:
          </span>{' '}
          {current.title}
        </h3>
        <p>{current.text}</p>
      </div>
      <div className="demo-dialog__nav">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => setSlide((n) => Math.max(0, n - 1))}
          disabled={slide === 0}
        >
          Previous
        </button>
        {slide < last ? (
          <button
            type="button"
            className="button button--primary"
            onClick={() => setSlide((n) => Math.min(last, n + 1))}
          >
            Next
          </button>
        ) : (
          <button type="button" className="button button--primary" onClick={onClose}>
            Done
          </button>
        )}
      </div>
    </dialog>
  );
}
