// Where the site's log lines go: standard output, in batches (issue 41, point 6).
import { pino, type DestinationStream } from 'pino';

/**
 * How much the log gathers before one write. Each asynchronous write is a hop to libuv's thread
 * pool and back, and under load on a 2-core machine each cost the process about 400 µs of CPU
 * (waking the pool's thread, and the switches it causes, beside the bytes): at 16 KB, one write
 * per ~75 warm requests, that was about 5 µs a request, most of what the access log cost. At
 * 64 KB, one write per ~300 lines (issue 41, point 6; decision 022, thirty-fourth pass). Above
 * sonic-boom's `maxWrite` (16 KB) on purpose: that only stops it merging chunks, each is still
 * written whole in one call (its cap is for single lines a reader takes in 16 KB pieces).
 */
export const LOG_BATCH_BYTES = 64 * 1024;

/**
 * Standard output, written without blocking the request that logs (one access line per request):
 * sonic-boom's asynchronous writes, fed lines gathered into one string of at least
 * `LOG_BATCH_BYTES` or at most a quarter of a second old, whichever comes first (`batchedLines`).
 * Under load one write carries some 300 access lines. What is pending is written out when the
 * process exits; an exit without an `exit` event (SIGKILL, an out-of-memory abort, a native
 * crash) loses it: a quarter second's lines, and more when stdout's reader has stalled (the
 * server goes on; sonic-boom keeps what waits in memory). One per process, whichever logs use it.
 */
let stdout: DestinationStream | undefined;
export function batchedStdout(): DestinationStream {
  stdout ??= openStdout();
  return stdout;
}

function openStdout(): DestinationStream {
  const file = pino.destination({ dest: 1, sync: false });
  // sonic-boom without a `minLength` calls a flush's callback at once; pino's `logger.flush(cb)`
  // means "once written", so the callbacks wait here for its `drain` (every chunk handed to it
  // written). After a broken pipe pino makes the file's writes and flushes no-ops, as it does
  // for its own streams.
  let writing = false;
  let waiting: Array<() => void> = [];
  file.on('drain', () => {
    writing = false;
    const done = waiting;
    waiting = [];
    for (const callback of done) callback();
  });
  const written = {
    write(chunk: string) {
      writing = true;
      file.write(chunk);
    },
    flush(done: () => void) {
      if (writing) waiting.push(done);
      else done();
    },
  };
  const lines = batchedLines(written);
  // Before pino's own flush of `file` at exit (registered when it was made), so nothing pending
  // here is left behind. A chunk still being written asynchronously then is finished by Node
  // before the process ends, after the ones written here: at exit under load, the last lines can
  // come out ahead of the chunk before them.
  const atExit = () => {
    try {
      lines.flush();
      file.flushSync();
    } catch {
      // Already ended (a line logged after `beforeExit`, when pino ends the file): nothing to do.
    }
  };
  process.prependListener('exit', atExit);
  process.prependListener('beforeExit', () => lines.flush());
  return lines;
}

/**
 * A stream that gathers lines and hands them on to `stream` as one string, once `bytes` are
 * pending (counted in characters) or `ms` after the first of them (issue 41, point 6). Handed a
 * line at a time, sonic-boom appends it to the string it keeps and measures that string's UTF-8
 * length on every line: a copy of everything pending, and garbage, per line.
 */
export function batchedLines(stream: DestinationStream, { bytes = LOG_BATCH_BYTES, ms = 250 }: { bytes?: number; ms?: number } = {}) {
  let lines: string[] = [];
  let size = 0;
  let timer: NodeJS.Timeout | undefined;
  const handOn = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (lines.length === 0) return;
    const chunk = lines.join('');
    lines = [];
    size = 0;
    stream.write(chunk);
  };
  const next = stream as DestinationStream & { flush?: (done: (error?: Error) => void) => void };
  /** Hands on what is pending; with `done` (pino's `logger.flush`), calls it once `stream` has written it. */
  const flush = (done?: (error?: Error) => void) => {
    handOn();
    if (!done) return;
    if (typeof next.flush === 'function') next.flush(done);
    else done();
  };
  return {
    write(line: string) {
      lines.push(line);
      size += line.length;
      if (size >= bytes) handOn();
      else timer ??= setTimeout(handOn, ms).unref();
    },
    flush,
  };
}
