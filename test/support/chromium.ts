import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';

/** The headless Chromium this machine has (Debian's `chromium`), or null: .ci/run installs it with fonts-noto-cjk. */
export const CHROMIUM = ['chromium', 'chromium-browser'].find((name) => spawnSync(name, ['--version'], { stdio: 'ignore' }).status === 0) ?? null;

/** A box on the page, in CSS pixels from the top left of the document. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What a page looks like at one viewport: the boxes of the selectors asked for, the document's size, and a screenshot. */
export interface Layout {
  boxes: Record<string, Box | null>;
  content: { width: number; height: number };
  png: Buffer;
}

/**
 * Opens an HTML file in headless Chromium at each viewport and measures it through the DevTools protocol over a pipe
 * (`--remote-debugging-pipe`: no port, no network): the box of each selector (DOM.getBoxModel), the document's size
 * (Page.getLayoutMetrics) and a screenshot of the first screen. Every wait is for a protocol answer or event.
 */
export async function measure(file: string, viewports: readonly { width: number; height: number; mobile: boolean }[], selectors: readonly string[]): Promise<Layout[]> {
  if (!CHROMIUM) throw new Error('no chromium on this machine');
  const profile = mkdtempSync(join(tmpdir(), 'report-chromium-'));
  const browser = spawn(CHROMIUM, ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-extensions', '--hide-scrollbars', `--user-data-dir=${profile}`, '--remote-debugging-pipe', 'about:blank'], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'],
  });
  const cdp = new Cdp(browser);
  try {
    const layouts: Layout[] = [];
    for (const viewport of viewports) {
      const { targetId } = (await cdp.send('Target.createTarget', { url: 'about:blank' })) as { targetId: string };
      const { sessionId } = (await cdp.send('Target.attachToTarget', { targetId, flatten: true })) as { sessionId: string };
      const send = (method: string, params: object = {}) => cdp.send(method, params, sessionId);
      await send('Page.enable');
      await send('Emulation.setDeviceMetricsOverride', { width: viewport.width, height: viewport.height, deviceScaleFactor: 1, mobile: viewport.mobile });
      const loaded = cdp.next('Page.loadEventFired', sessionId);
      await send('Page.navigate', { url: pathToFileURL(file).href });
      await loaded;
      const { root } = (await send('DOM.getDocument')) as { root: { nodeId: number } };
      const boxes: Record<string, Box | null> = {};
      for (const selector of selectors) {
        const { nodeId } = (await send('DOM.querySelector', { nodeId: root.nodeId, selector })) as { nodeId: number };
        if (nodeId === 0) {
          boxes[selector] = null;
          continue;
        }
        const { model } = (await send('DOM.getBoxModel', { nodeId })) as { model: { border: number[]; width: number; height: number } };
        boxes[selector] = { x: model.border[0]!, y: model.border[1]!, width: model.width, height: model.height };
      }
      const metrics = (await send('Page.getLayoutMetrics')) as { cssContentSize: { width: number; height: number } };
      const shot = (await send('Page.captureScreenshot', { format: 'png' })) as { data: string };
      layouts.push({ boxes, content: { width: metrics.cssContentSize.width, height: metrics.cssContentSize.height }, png: Buffer.from(shot.data, 'base64') });
      await cdp.send('Target.closeTarget', { targetId });
    }
    return layouts;
  } finally {
    browser.kill();
    await new Promise((done) => (browser.exitCode !== null || browser.signalCode !== null ? done(null) : browser.once('exit', done)));
    rmSync(profile, { recursive: true, force: true });
  }
}

/** The DevTools protocol over Chromium's pipe: NUL-separated JSON messages, fd 3 to the browser and fd 4 from it. */
class Cdp {
  private id = 0;
  private buffer = '';
  private readonly waiting = new Map<number, { done: (value: unknown) => void; fail: (error: Error) => void }>();
  private readonly listeners: { method: string; sessionId: string; done: () => void }[] = [];
  private readonly input: Writable;

  constructor(private readonly browser: ChildProcess) {
    this.input = browser.stdio[3] as Writable;
    const output = browser.stdio[4] as Readable;
    output.setEncoding('utf8');
    output.on('data', (chunk: string) => this.read(chunk));
    browser.once('exit', (code) => {
      for (const { fail } of this.waiting.values()) fail(new Error(`chromium exited (${code}) before it answered`));
    });
  }

  /** Sends a command (to a page's session when given) and resolves with its result; rejects with the protocol's error. */
  send(method: string, params: object = {}, sessionId?: string): Promise<unknown> {
    const id = ++this.id;
    this.input.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    return new Promise((done, fail) => this.waiting.set(id, { done, fail }));
  }

  /** Resolves at the next event of that method in that session. */
  next(method: string, sessionId: string): Promise<void> {
    return new Promise((done) => this.listeners.push({ method, sessionId, done }));
  }

  private read(chunk: string): void {
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.indexOf('\0')) >= 0) {
      const message = JSON.parse(this.buffer.slice(0, end)) as { id?: number; result?: unknown; error?: { message: string }; method?: string; sessionId?: string };
      this.buffer = this.buffer.slice(end + 1);
      if (message.id !== undefined) {
        const waiter = this.waiting.get(message.id);
        this.waiting.delete(message.id);
        if (message.error) waiter?.fail(new Error(message.error.message));
        else waiter?.done(message.result);
      } else if (message.method) {
        const index = this.listeners.findIndex((listener) => listener.method === message.method && listener.sessionId === message.sessionId);
        if (index >= 0) this.listeners.splice(index, 1)[0]!.done();
      }
    }
  }
}

/** Writes the screenshots of a layout run beside each other, for a person to look at (kept when REPORT_SHOTS names a folder). */
export function keepShots(layouts: readonly Layout[], names: readonly string[], dir: string | undefined): void {
  if (!dir) return;
  layouts.forEach((layout, index) => writeFileSync(join(dir, `${names[index]}.png`), layout.png));
}
