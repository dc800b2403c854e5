// "Your AI Assistant" (spec §2): badge, the 300 px slot where the voice widget will live, the
// "AI Assistant Ready" note and six example phrases.
export const EXAMPLE_PHRASES = [
  'What are my appointments tomorrow?',
  'Schedule a home visit with a new patient on Friday at 10 am.',
  'Reschedule my therapy session to Thursday afternoon.',
  'Optimize my route for tomorrow.',
  'What is the best order for Tuesday’s patients?',
  'Add travel time between my 9 am and 11 am visits.',
] as const;

export function AssistantPanel() {
  return (
    <section className="card panel assistant-panel" aria-labelledby="assistant-title">
      <div className="panel__header">
        <h2 id="assistant-title">Your AI Assistant</h2>
        <span className="badge">Voice &amp; Chat Enabled</span>
      </div>
      <div className="voice-widget-slot" data-testid="voice-widget-slot">
        <p className="voice-widget-slot__placeholder">The voice assistant will appear here.</p>
      </div>
      <div className="assistant-note">
        <h3>AI Assistant Ready</h3>
        <p>Your assistant can add appointments, reschedule visits and answer questions about your calendar.</p>
      </div>
      <div className="assistant-examples">
        <h3>Try asking</h3>
        <ul>
          {EXAMPLE_PHRASES.map((phrase) => (
            <li key={phrase}>“{phrase}”</li>
          ))}
        </ul>
      </div>
    </section>
  );
}
