// The visit-confirmation template: the outbound assistant of the evening confirmation calls
// (core/confirmations/assistant-template.ts), with its tools sent to the tools server and its end-of-call
// reports to the confirmations function's /webhook beside it, both with the same server secret (or
// credential). A template shown without a tools URL keeps `${HOMEROUNDS_TOOLS_URL}`, `${HOMEROUNDS_REPORT_URL}`
// and `${HOMEROUNDS_TOOLS_SECRET}` for `apply` to fill in (tools-server.ts).
import { visitConfirmationAssistant } from '../../core/confirmations/assistant-template.ts';
import { REPORT_URL_PLACEHOLDER, reportUrlOf, type ToolsServer } from './tools-server.ts';

export function visitConfirmation(server: ToolsServer): Record<string, unknown> {
  return visitConfirmationAssistant({
    toolsUrl: server.url,
    // A tools URL outside the functions layout (or its placeholder) leaves the report URL to `apply`.
    reportUrl: reportUrlOf(server.url) ?? REPORT_URL_PLACEHOLDER,
    secret: server.secret,
    credentialId: server.credentialId,
  });
}
