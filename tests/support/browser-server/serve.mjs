// Runs Playwright's browser server in a process of its own, on the machine's real clock: the test worker's
// Date is the suite's clock (faked), and Playwright's clock API stamps what it does with the server's
// Date.now(), which a page replays against its own time — on a faked server clock every page after a
// navigation lands a month off (and its timers stop). Prints the WebSocket endpoint, then serves until its
// standard input closes (the worker's browser.close()).
import { chromium } from 'playwright-core';

const options = JSON.parse(process.argv[2] ?? '{}');
const server = await chromium.launchServer(options);
process.stdout.write(`${server.wsEndpoint()}\n`);
process.stdin.resume();
process.stdin.on('end', async () => {
  await server.close();
  process.exit(0);
});
