/*
 * One end of the bridge between the trusted grading process and a learner process (see bridge.ts). Both ends run
 * the same code: the trusted end imports it, the learner end gets its source text (makePeer.toString()), so the
 * function below uses nothing from outside itself, not even a type at run time.
 *
 * Values cross as JSON frames. Plain data (primitives, arrays, plain objects, Error, Uint8Array, Map, Set, Date, URL,
 * RegExp, and the web's Headers, URLSearchParams, Request and Response) is copied; a ReadableStream (a body) is read
 * from its owner one chunk per pull; functions, class instances and promises cross as handles: the other end holds a Proxy whose every
 * use (call, `new`, property read or write, `instanceof`) is a request back to the end that owns the value. Calls are
 * synchronous: the caller blocks on `io.receive()` and serves the other end's requests (a callback) while it waits.
 * Everything decoded is checked for its shape: a frame that does not fit throws, it is never believed.
 */

/** The channel one end uses: send a frame, receive the next frame (blocking), and what to do with a frame that is no call. */
export interface PeerIo {
  send(frame: Record<string, unknown>): void;
  receive(): Record<string, unknown>;
  /** A frame that is neither a request nor an answer (print, loop, exit); the end decides. */
  event(frame: Record<string, unknown>): void;
  /** Serves a request of the other end; `stack` is the other end's stack at the call (the learner's own lines), when it sent one. */
  around<T>(stack: string | undefined, fn: () => T): T;
  /** The stack to send along with a request (the learner end sends its own, so the trusted end can name the learner's line). */
  stack?(): string;
  /** Told how many promises of the other end this end still waits to see settled (the trusted end keeps its event loop alive meanwhile). */
  pending?(count: number): void;
  /** Requests only this end serves, such as `import` on the learner end. */
  handlers?: Record<string, (frame: Record<string, unknown>) => unknown>;
}

/** The part of an end its owner uses. */
export interface Peer {
  /** Sends a request and waits for its answer, serving the other end meanwhile; throws what the other end threw. */
  request(frame: Record<string, unknown>): unknown;
  /** Handles one frame that arrived while this end waited for nothing (a request, a settled promise, an event). */
  handle(frame: Record<string, unknown>): void;
  /** Rejects every promise of the other end still unsettled (the other end is gone). */
  abandon(error: unknown): void;
  /** How many requests of the other end this end is serving now: while above 0, the other end is blocked waiting. */
  serving(): number;
  decode(value: unknown): unknown;
  encode(value: unknown): unknown;
}

/** Builds one end of the bridge (see the file's comment). */
export function makePeer(io: PeerIo): Peer {
  const MAX_DEPTH = 64;
  const MAX_ITEMS = 100_000;
  const REF = Symbol.for('checker.bridge.remote');
  const LOOKED = Symbol.for('checker.bridge.looked');
  const local = new Map<number, unknown>();
  const localIds = new Map<unknown, number>();
  let nextLocal = 1;
  const remote = new Map<number, WeakRef<object>>();
  const promises = new Map<number, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
  let nextCall = 1;
  let depth = 0;
  const ERRORS: Record<string, ErrorConstructor> = { Error, TypeError, RangeError, SyntaxError, ReferenceError, EvalError, URIError };

  const bad = (what: string): never => {
    throw new Error(`bridge: malformed ${what}`);
  };
  const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
  const keep = (value: unknown): number => {
    const known = localIds.get(value);
    if (known !== undefined) return known;
    const id = nextLocal++;
    local.set(id, value);
    localIds.set(value, id);
    return id;
  };
  const mine = (id: unknown): unknown => {
    if (typeof id !== 'number' || !local.has(id)) return bad('handle');
    return local.get(id);
  };
  const remoteId = (value: unknown): number | undefined => {
    if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return undefined;
    try {
      const id = (value as Record<symbol, unknown>)[REF];
      return typeof id === 'number' ? id : undefined;
    } catch {
      return undefined;
    }
  };
  const isPlain = (value: object): boolean => {
    const proto = Object.getPrototypeOf(value);
    return proto === Object.prototype || proto === null;
  };

  /** The kind of container a handle stands for, so the other end's proxy behaves as one (Array.isArray, instanceof Set, iteration). */
  const kindOf = (object: object): string =>
    Array.isArray(object) ? 'array' : object instanceof Set ? 'set' : object instanceof Map ? 'map' : isPlain(object) ? 'object' : '';

  /**
   * A value read from a live object (a property, a module's export) crosses by reference when it is a container
   * (array, Set, Map, plain object), so the other end's changes to it reach the owner, as they would in one process.
   */
  const encodeRef = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null || remoteId(value) !== undefined) return encode(value);
    const kind = kindOf(value);
    if (kind === '') return encode(value);
    const ctor = (value as { constructor?: { name?: unknown } }).constructor;
    return { $: 'h', id: keep(value), cls: typeof ctor?.name === 'string' ? ctor.name : '', kind };
  };

  const encode = (value: unknown, level = 0, seen: Set<unknown> = new Set()): unknown => {
    if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
    if (typeof value === 'number') {
      if (Number.isNaN(value)) return { $: 'n', v: 'NaN' };
      if (value === Infinity || value === -Infinity) return { $: 'n', v: String(value) };
      if (Object.is(value, -0)) return { $: 'n', v: '-0' };
      return value;
    }
    if (value === undefined || typeof value === 'symbol') return { $: 'u' };
    if (typeof value === 'bigint') return { $: 'b', v: String(value) };
    const back = remoteId(value);
    if (back !== undefined) return { $: 'back', id: back };
    if (typeof value === 'function') return { $: 'f', id: keep(value), name: typeof value.name === 'string' ? value.name : '' };
    const object = value as object;
    if (level > MAX_DEPTH || seen.has(object)) return { $: 'h', id: keep(object), cls: '' };
    if (object instanceof Promise) {
      const id = keep(object);
      object.then(
        (settled) => io.send({ k: 'settle', id, ok: true, v: encode(settled) }),
        (error) => io.send({ k: 'settle', id, ok: false, v: encode(error) }),
      );
      return { $: 'p', id };
    }
    const inner = new Set(seen).add(object);
    const at = (item: unknown) => encode(item, level + 1, inner);
    if (object instanceof Error) {
      const props: Record<string, unknown> = {};
      for (const key of Object.keys(object)) if (key !== 'stack' && key !== 'message') props[key] = at((object as unknown as Record<string, unknown>)[key]);
      if ('cause' in object) props['cause'] = at(object.cause);
      return { $: 'e', id: keep(object), name: String(object.name), message: String(object.message), stack: String(object.stack ?? ''), props };
    }
    if (Array.isArray(object)) return { $: 'a', v: object.slice(0, MAX_ITEMS).map(at) };
    if (object instanceof Uint8Array) return { $: 'u8', v: Buffer.from(object.buffer, object.byteOffset, object.byteLength).toString('base64') };
    if (object instanceof Date) return { $: 'd', v: object.getTime() };
    if (object instanceof URL) return { $: 'url', v: object.href };
    if (object instanceof RegExp) return { $: 're', v: object.source, f: object.flags };
    if (object instanceof Map) return { $: 'map', v: [...object].slice(0, MAX_ITEMS).map(([key, item]) => [at(key), at(item)]) };
    // The web's HTTP values (chapter 4's handler takes a Request and gives a Response) cross as copies; a body crosses
    // as a stream the other end reads on demand, one chunk per read, from the end that owns it.
    if (typeof Headers === 'function' && object instanceof Headers) return { $: 'hd', v: [...object].slice(0, MAX_ITEMS) };
    if (typeof URLSearchParams === 'function' && object instanceof URLSearchParams) return { $: 'qs', v: String(object) };
    // A signal crosses as its state when sent: fetch on the other end needs a real AbortSignal, never a handle.
    if (typeof AbortSignal === 'function' && object instanceof AbortSignal) {
      const sid = keep(object);
      if (!object.aborted && !signalsSent.has(object)) {
        signalsSent.add(object);
        object.addEventListener('abort', () => io.send({ k: 'abort', sid }), { once: true });
      }
      return { $: 'sig', v: object.aborted, sid };
    }
    if (typeof ReadableStream === 'function' && object instanceof ReadableStream) return { $: 'rs', id: keep(object) };
    if (typeof Response === 'function' && object instanceof Response) {
      return { $: 'resp', type: object.type, status: object.status, statusText: object.statusText, headers: at(object.headers), body: object.body === null ? null : at(object.body) };
    }
    if (typeof Request === 'function' && object instanceof Request) {
      // A request a suite watches (who reads its token or body, and from which line) says so: the other end watches its copy.
      let looked: unknown;
      try {
        looked = (object as unknown as Record<symbol, unknown>)[LOOKED];
      } catch {
        looked = undefined;
      }
      const watched = isRecord(looked) && looked['request'] instanceof Request && typeof looked['look'] === 'function' ? looked : undefined;
      const request = watched ? (watched['request'] as Request) : object;
      return {
        $: 'req',
        url: request.url,
        method: request.method,
        headers: at(request.headers),
        body: request.body === null ? null : at(request.body),
        ...(watched ? { look: at(watched['look']) } : {}),
      };
    }
    if (object instanceof Set) return { $: 'set', v: [...object].slice(0, MAX_ITEMS).map(at) };
    if (isPlain(object)) {
      const fields: Record<string, unknown> = {};
      for (const key of Object.keys(object).slice(0, MAX_ITEMS)) fields[key] = at((object as Record<string, unknown>)[key]);
      return { $: 'o', v: fields };
    }
    const ctor = (object as { constructor?: { name?: unknown } }).constructor;
    return { $: 'h', id: keep(object), cls: typeof ctor?.name === 'string' ? ctor.name : '' };
  };

  const cached = (id: number, make: () => object): object => {
    const known = remote.get(id)?.deref();
    if (known) return known;
    const made = make();
    remote.set(id, new WeakRef(made));
    return made;
  };

  const isa = (value: unknown, cls: number): boolean => {
    if (remoteId(value) === undefined) return false;
    return request({ k: 'isa', v: encode(value), cls }) === true;
  };

  /**
   * An instance of a class the suite wrote by extending a learner class: the learner's instance does the work, and
   * whatever the subclass defines (an overriding method) answers first. It crosses to the learner as this end's own
   * object, so the learner's code calling a method on it reaches the override.
   */
  const subclassed = (made: object, newTarget: { prototype: object }, base: unknown): object => {
    const target = Object.create(newTarget.prototype) as Record<string | symbol, unknown>;
    const localHas = (key: string | symbol): boolean => {
      for (let level: object | null = target; level !== null && level !== base; level = Object.getPrototypeOf(level)) {
        if (Object.prototype.hasOwnProperty.call(level, key)) return true;
      }
      return false;
    };
    return new Proxy(target, {
      get: (shell, key, receiver) => (key === REF ? undefined : typeof key === 'symbol' || localHas(key) ? Reflect.get(shell, key, receiver) : (made as Record<string, unknown>)[key]),
      set: (shell, key, item, receiver) => {
        if (typeof key === 'symbol' || localHas(key)) return Reflect.set(shell, key, item, receiver);
        (made as Record<string, unknown>)[key] = item;
        return true;
      },
      has: (_shell, key) => localHas(key) || key in made,
    });
  };

  const remoteFunction = (id: number, name: string): object =>
    cached(id, () => {
      const shell = function () {};
      Object.defineProperty(shell, 'name', { value: name });
      const base = (shell as unknown as { prototype: object }).prototype;
      const made: object = new Proxy(shell, {
        apply: (_target, self, args) => request({ k: 'call', fn: id, self: encode(self), args: encode(args) }),
        construct: (_target, args, newTarget) => {
          const instance = request({ k: 'new', fn: id, args: encode(args) }) as object;
          return newTarget === made ? instance : subclassed(instance, newTarget as { prototype: object }, base);
        },
        get: (_target, key) => {
          if (key === REF) return id;
          if (key === Symbol.hasInstance) {
            return (value: unknown) => {
              // An instance of a suite's subclass has this class's local prototype in its chain; a learner value is asked about.
              for (let level = typeof value === 'object' && value !== null ? Object.getPrototypeOf(value) : null; level !== null; level = Object.getPrototypeOf(level)) {
                if (level === base) return true;
              }
              return isa(value, id);
            };
          }
          if (typeof key === 'symbol') return undefined;
          if (key === 'name') return name;
          if (key === 'call' || key === 'apply' || key === 'bind' || key === 'toString') return (Function.prototype as unknown as Record<string, unknown>)[key];
          if (key === 'prototype') return base;
          return request({ k: 'get', obj: id, key });
        },
        set: (_target, key, item) => {
          if (typeof key === 'symbol') return false;
          request({ k: 'set', obj: id, key, v: encode(item) });
          return true;
        },
      });
      return made;
    });

  const remoteObject = (id: number, cls: string, kind: string): object =>
    cached(id, () => {
      const keys = (): string[] => {
        const got = request({ k: 'keys', obj: id });
        return Array.isArray(got) ? got.filter((key): key is string => typeof key === 'string') : [];
      };
      const list = (): unknown[] => {
        const got = request({ k: 'list', obj: id });
        return Array.isArray(got) ? got : [];
      };
      const target: object = kind === 'array' ? [] : kind === 'set' ? new Set() : kind === 'map' ? new Map() : {};
      const iterable = kind === 'array' || kind === 'set' || kind === 'map';
      return new Proxy(target as Record<string | symbol, unknown>, {
        get: (_target, key) => {
          if (key === REF) return id;
          if (key === Symbol.toStringTag) return kind === 'array' ? undefined : cls || undefined;
          if (key === Symbol.iterator && iterable) return () => list()[Symbol.iterator]();
          if (typeof key === 'symbol') return undefined;
          return request({ k: 'get', obj: id, key });
        },
        set: (_target, key, item) => {
          if (typeof key === 'symbol') return false;
          request({ k: 'set', obj: id, key, v: encode(item) });
          return true;
        },
        deleteProperty: (_target, key) => typeof key === 'string' && request({ k: 'delete', obj: id, key }) === true,
        has: (_target, key) => typeof key === 'string' && request({ k: 'has', obj: id, key }) === true,
        ownKeys: () => (kind === 'array' ? [...keys(), 'length'] : keys()),
        getOwnPropertyDescriptor: (_target, key) => {
          if (typeof key !== 'string') return undefined;
          // An array's length is its own property that can never be removed, on the proxy's target as on the learner's array.
          if (kind === 'array' && key === 'length') return { value: request({ k: 'get', obj: id, key }), writable: true, enumerable: false, configurable: false };
          return keys().includes(key) ? { value: request({ k: 'get', obj: id, key }), writable: true, enumerable: true, configurable: true } : undefined;
        },
      });
    });

  /** The body readers of a Request: calling one, or reading `body`, is a look at the body. */
  const BODY_READERS = ['json', 'text', 'arrayBuffer', 'blob', 'formData', 'bytes'];

  /** `request` with every look at its Authorization header (get or has) or its body told to `look`, clones included. */
  const watchRequest = (request: Request, look: (what: string) => void): Request =>
    new Proxy(request, {
      get(target, property) {
        if (property === 'headers') {
          return new Proxy(target.headers, {
            get(headers, name) {
              const got: unknown = Reflect.get(headers, name, headers);
              if (typeof got !== 'function') return got;
              if (name === 'get' || name === 'has') {
                return (header: string) => {
                  if (String(header).toLowerCase() === 'authorization') look('Authorization');
                  return (got as (header: string) => unknown).call(headers, header);
                };
              }
              return (got as (...args: unknown[]) => unknown).bind(headers);
            },
          });
        }
        if (property === 'body') look('body');
        if (property === 'clone') return () => watchRequest(target.clone(), look);
        const got: unknown = Reflect.get(target, property, target);
        if (typeof got !== 'function') return got;
        if (typeof property === 'string' && BODY_READERS.includes(property)) {
          return (...args: unknown[]) => {
            look('body');
            return (got as (...args: unknown[]) => unknown).apply(target, args);
          };
        }
        return (got as (...args: unknown[]) => unknown).bind(target);
      },
    });

  /** A stream whose chunks are read, one per pull, from the other end's stream `id`. */
  const remoteStream = (id: number): ReadableStream =>
    new ReadableStream(
      {
        pull: async (controller) => {
          const got = await (request({ k: 'pull', obj: id }) as Promise<unknown>);
          if (!isRecord(got)) return bad('chunk');
          if (got['done'] === true) controller.close();
          else controller.enqueue(got['value']);
        },
        cancel: () => {
          try {
            request({ k: 'cancel', obj: id });
          } catch {
            // The other end is gone: nothing is left to cancel.
          }
        },
      },
      { highWaterMark: 0 },
    );

  /** The readers this end holds on its own streams the other end reads. */
  const readers = new WeakMap<object, ReadableStreamDefaultReader>();
  const readerOf = (id: unknown): ReadableStreamDefaultReader => {
    const owned = mine(id);
    if (!(typeof ReadableStream === 'function' && owned instanceof ReadableStream)) return bad('stream');
    let reader = readers.get(owned);
    if (!reader) {
      reader = owned.getReader();
      readers.set(owned, reader);
    }
    return reader;
  };

  /** Signals of this end the other end holds a copy of (told when they abort), and this end's copies of the other end's. */
  const signalsSent = new WeakSet<object>();
  const signalsGot = new Map<number, AbortController>();

  const decode = (value: unknown, level = 0): unknown => {
    if (level > MAX_DEPTH + 2) bad('value (too deep)');
    if (value === null || typeof value === 'string' || typeof value === 'boolean' || typeof value === 'number') return value;
    if (!isRecord(value) || typeof value['$'] !== 'string') return bad('value');
    const at = (item: unknown) => decode(item, level + 1);
    const { $: tag, v } = value;
    switch (tag) {
      case 'u':
        return undefined;
      case 'n':
        return v === 'NaN' ? NaN : v === 'Infinity' ? Infinity : v === '-Infinity' ? -Infinity : v === '-0' ? -0 : bad('number');
      case 'b':
        return typeof v === 'string' && /^-?\d{1,10000}$/.test(v) ? BigInt(v) : bad('bigint');
      case 'back':
        return mine(value['id']);
      case 'f':
        if (typeof value['id'] !== 'number') return bad('function');
        return remoteFunction(value['id'], typeof value['name'] === 'string' ? value['name'].slice(0, 200) : '');
      case 'h':
        if (typeof value['id'] !== 'number') return bad('handle');
        return remoteObject(value['id'], typeof value['cls'] === 'string' ? value['cls'].slice(0, 200) : '', typeof value['kind'] === 'string' ? value['kind'] : '');
      case 'p': {
        const id = value['id'];
        if (typeof id !== 'number') return bad('promise');
        const made = new Promise((resolve, reject) => promises.set(id, { resolve, reject }));
        io.pending?.(promises.size);
        // A rejection nobody awaits is the suite's business, not an unhandled rejection of the bridge.
        made.catch(() => {});
        return made;
      }
      case 'e': {
        const name = typeof value['name'] === 'string' ? value['name'].slice(0, 200) : 'Error';
        const error = new (ERRORS[name] ?? Error)(typeof value['message'] === 'string' ? value['message'] : '');
        if (error.name !== name) Object.defineProperty(error, 'name', { value: name, writable: true, configurable: true, enumerable: false });
        Object.defineProperty(error, 'stack', { value: typeof value['stack'] === 'string' ? value['stack'] : '', writable: true, configurable: true, enumerable: false });
        if (isRecord(value['props'])) {
          for (const [key, item] of Object.entries(value['props'])) {
            if (key === '__proto__' || key === 'name') continue;
            if (key === 'cause') Object.defineProperty(error, 'cause', { value: at(item), writable: true, configurable: true, enumerable: false });
            else (error as unknown as Record<string, unknown>)[key] = at(item);
          }
        }
        if (typeof value['id'] === 'number') {
          Object.defineProperty(error, REF, { value: value['id'], enumerable: false });
          remote.set(value['id'], new WeakRef(error));
        }
        return error;
      }
      case 'a':
        return Array.isArray(v) ? v.map(at) : bad('array');
      case 'o': {
        if (!isRecord(v)) return bad('object');
        const out: Record<string, unknown> = {};
        for (const [key, item] of Object.entries(v)) Object.defineProperty(out, key, { value: at(item), writable: true, enumerable: true, configurable: true });
        return out;
      }
      case 'u8':
        return typeof v === 'string' ? new Uint8Array(Buffer.from(v, 'base64')) : bad('bytes');
      case 'd':
        return typeof v === 'number' ? new Date(v) : bad('date');
      case 'url':
        return typeof v === 'string' ? new URL(v) : bad('url');
      case 're':
        return typeof v === 'string' && typeof value['f'] === 'string' ? new RegExp(v, value['f']) : bad('regexp');
      case 'map':
        return Array.isArray(v) ? new Map(v.map((pair) => (Array.isArray(pair) && pair.length === 2 ? [at(pair[0]), at(pair[1])] : bad('map entry')))) : bad('map');
      case 'set':
        return Array.isArray(v) ? new Set(v.map(at)) : bad('set');
      case 'hd':
        return Array.isArray(v) ? new Headers(v.map((pair) => (Array.isArray(pair) && pair.length === 2 ? [String(pair[0]), String(pair[1])] as [string, string] : bad('header')))) : bad('headers');
      case 'sig': {
        if (v === true) return AbortSignal.abort();
        const sid = value['sid'];
        if (typeof sid !== 'number') return bad('signal');
        let controller = signalsGot.get(sid);
        if (!controller) {
          controller = new AbortController();
          signalsGot.set(sid, controller);
        }
        return controller.signal;
      }
      case 'qs':
        return typeof v === 'string' ? new URLSearchParams(v) : bad('query');
      case 'rs':
        return typeof value['id'] === 'number' ? remoteStream(value['id']) : bad('stream');
      case 'resp': {
        if (value['type'] === 'error') return Response.error();
        const headers = at(value['headers']);
        const body = value['body'] === null ? null : at(value['body']);
        const status = value['status'];
        if (typeof status !== 'number' || !(headers instanceof Headers) || (body !== null && !(body instanceof ReadableStream))) return bad('response');
        return new Response(body as ReadableStream | null, { status, statusText: typeof value['statusText'] === 'string' ? value['statusText'] : '', headers });
      }
      case 'req': {
        const headers = at(value['headers']);
        const body = value['body'] === null ? null : at(value['body']);
        if (typeof value['url'] !== 'string' || typeof value['method'] !== 'string' || !(headers instanceof Headers) || (body !== null && !(body instanceof ReadableStream))) return bad('request');
        const made = new Request(value['url'], { method: value['method'], headers, ...(body === null ? {} : { body: body as ReadableStream, duplex: 'half' }) } as RequestInit);
        if (value['look'] === undefined) return made;
        const look = at(value['look']);
        return typeof look === 'function' ? watchRequest(made, look as (what: string) => void) : bad('request');
      }
      default:
        return bad(`tag ${String(tag).slice(0, 20)}`);
    }
  };

  const answer = (frame: Record<string, unknown>): unknown => {
    const key = typeof frame['key'] === 'string' ? frame['key'] : undefined;
    switch (frame['k']) {
      case 'call': {
        const fn = mine(frame['fn']);
        const args = decode(frame['args']);
        return Reflect.apply(fn as (...args: unknown[]) => unknown, decode(frame['self']), Array.isArray(args) ? args : []);
      }
      case 'new': {
        const fn = mine(frame['fn']);
        const args = decode(frame['args']);
        return Reflect.construct(fn as new (...args: unknown[]) => unknown, Array.isArray(args) ? args : []);
      }
      case 'get':
        return key === undefined ? bad('key') : (mine(frame['obj']) as Record<string, unknown>)[key];
      case 'set':
        if (key === undefined) return bad('key');
        (mine(frame['obj']) as Record<string, unknown>)[key] = decode(frame['v']);
        return undefined;
      case 'has':
        return key !== undefined && key in (mine(frame['obj']) as object);
      case 'keys':
        return Object.keys(mine(frame['obj']) as object);
      case 'delete':
        return key !== undefined && delete (mine(frame['obj']) as Record<string, unknown>)[key];
      case 'list': {
        const owned = mine(frame['obj']);
        return owned instanceof Map || owned instanceof Set || Array.isArray(owned) ? Array.from(owned as Iterable<unknown>) : bad('list');
      }
      case 'pull':
        return readerOf(frame['obj'])
          .read()
          .then((got) => ({ done: got.done === true, value: got.done === true ? undefined : got.value }));
      case 'cancel':
        return readerOf(frame['obj']).cancel().catch(() => undefined);
      case 'isa': {
        const cls = mine(frame['cls']);
        return typeof cls === 'function' && decode(frame['v']) instanceof cls;
      }
      default: {
        const handler = typeof frame['k'] === 'string' ? io.handlers?.[frame['k']] : undefined;
        return handler ? handler(frame) : bad(`request ${String(frame['k']).slice(0, 20)}`);
      }
    }
  };

  const serve = (frame: Record<string, unknown>): void => {
    depth += 1;
    try {
      let reply: Record<string, unknown>;
      try {
        const value = io.around(typeof frame['stack'] === 'string' ? frame['stack'] : undefined, () => answer(frame));
        reply = { k: 'ret', id: frame['id'], ok: true, v: frame['k'] === 'get' || frame['k'] === 'export' ? encodeRef(value) : encode(value) };
      } catch (error) {
        reply = { k: 'ret', id: frame['id'], ok: false, v: encode(error) };
      }
      io.send(reply);
    } finally {
      depth -= 1;
    }
  };

  const handle = (frame: Record<string, unknown>): void => {
    if (frame['k'] === 'abort') {
      const controller = typeof frame['sid'] === 'number' ? signalsGot.get(frame['sid']) : undefined;
      controller?.abort();
      return;
    }
    if (frame['k'] === 'settle') {
      const waiting = typeof frame['id'] === 'number' ? promises.get(frame['id']) : undefined;
      if (!waiting) return bad('settle');
      promises.delete(frame['id'] as number);
      io.pending?.(promises.size);
      const value = decode(frame['v']);
      if (frame['ok'] === true) waiting.resolve(value);
      else waiting.reject(value);
      return;
    }
    if (frame['k'] === 'ret') return bad('answer');
    if (typeof frame['id'] === 'number') return serve(frame);
    io.event(frame);
  };

  function request(frame: Record<string, unknown>): unknown {
    const id = nextCall++;
    const stack = io.stack?.();
    io.send({ ...frame, id, ...(stack === undefined ? {} : { stack }) });
    for (;;) {
      const got = io.receive();
      if (got['k'] === 'ret' && got['id'] === id) {
        const value = decode(got['v']);
        if (got['ok'] === true) return value;
        throw value;
      }
      handle(got);
    }
  }

  const abandon = (error: unknown): void => {
    for (const waiting of promises.values()) waiting.reject(error);
    promises.clear();
    io.pending?.(0);
  };

  return { request, handle, abandon, serving: () => depth, decode: (value) => decode(value), encode: (value) => encode(value) };
}
