// The worker thread that makes the REST calls (built to dist/google-worker.mjs). The main thread
// sleeps on `signal` (src/node/bridge.ts) while the call runs here: Node's HTTP is asynchronous,
// and the ports are synchronous like Apps Script.
import { type MessagePort, workerData } from 'node:worker_threads';
import { type CallError, type CallName, type RestConfig, callError, restCalls } from './rest.js';

// The data bridge.ts starts this thread with (new Worker(…, { workerData })): the thread's own protocol.
// eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion -- set by bridge.ts, one line from here
const { signal, port, config } = workerData as { signal: Int32Array; port: MessagePort; config: RestConfig };
const calls = restCalls(config);

/** Hands the waiting thread its answer and wakes it. */
function answer(reply: { value?: unknown; error?: CallError }): void {
  port.postMessage(reply);
  Atomics.store(signal, 0, 1);
  Atomics.notify(signal, 0);
}

port.on('message', async ({ name, params }: { name: CallName; params: never }) => {
  try {
    answer({ value: await (await calls)[name](params) });
  } catch (error) {
    answer({ error: callError(error) });
  }
});

// google-auth-library looks for a Google Cloud metadata server when no credential is set, and warns
// on stderr when there is none; the missing credential is said in one line by the CLI instead.
process.removeAllListeners('warning');
process.on('warning', (warning) => {
  if (warning.name !== 'MetadataLookupWarning') process.stderr.write(`${warning.name}: ${warning.message}\n`);
});

// Whatever else goes wrong in this thread still wakes the caller, with the error.
process.on('uncaughtException', (error) => answer({ error: callError(error) }));
process.on('unhandledRejection', (error) => answer({ error: callError(error) }));
