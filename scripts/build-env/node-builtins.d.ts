// The few Node built-ins the runtime's `node` platform modules use (crypto-node.ts,
// node-transport.ts, journal-file.ts, node-builtins.ts), declared for the package build only: tsconfig.build.json compiles the client
// without Node's ambient types, so nothing else in it can lean on them. The repository's own
// type-check (tsconfig.json) uses @types/node instead and leaves this file out.

declare module 'node:crypto' {
  interface Digest {
    update(data: Uint8Array | string): Digest;
    digest(encoding: 'hex'): string;
  }
  interface KeyObject {
    readonly type: string;
  }
  export function createHash(algorithm: string): Digest;
  export function createHmac(algorithm: string, key: KeyObject): Digest;
  export function createSecretKey(key: Uint8Array): KeyObject;
}

declare module 'node:buffer' {
  export const Buffer: { byteLength(text: string, encoding: 'utf8'): number };
}

declare module 'node:http' {
  export type IncomingHttpHeaders = Record<string, string | string[] | undefined>;
  export interface IncomingMessage {
    readonly statusCode?: number | undefined;
    readonly headers: IncomingHttpHeaders;
    on(event: 'data', listener: (chunk: Uint8Array) => void): this;
    on(event: 'end', listener: () => void): this;
    on(event: 'error', listener: (error: Error) => void): this;
  }
  export interface ClientRequest {
    on(event: 'error', listener: (error: Error) => void): this;
    destroy(error?: Error): this;
    end(body?: Uint8Array | string): this;
  }
  export interface RequestOptions {
    hostname?: string;
    port?: number | undefined;
    path?: string;
    method?: string;
    headers?: Record<string, string> | readonly string[];
    agent?: Agent;
  }
  export class Agent {
    constructor(options?: { keepAlive?: boolean });
  }
  export function request(options: RequestOptions, callback?: (res: IncomingMessage) => void): ClientRequest;
}

declare module 'node:https' {
  import { Agent as HttpAgent, type ClientRequest, type IncomingMessage, type RequestOptions } from 'node:http';
  export class Agent extends HttpAgent {}
  export function request(options: RequestOptions, callback?: (res: IncomingMessage) => void): ClientRequest;
}

declare module 'node:fs' {
  interface Stats {
    readonly ino: number;
    readonly size: number;
    readonly mtimeMs: number;
  }
  interface FileHandle {
    write(data: string): Promise<{ bytesWritten: number }>;
    read(buffer: Uint8Array, offset: number, length: number, position: number): Promise<{ bytesRead: number }>;
    readFile(options: { encoding: 'utf8' }): Promise<string>;
    stat(): Promise<Stats>;
    sync(): Promise<void>;
    close(): Promise<void>;
  }
  export const promises: {
    open(path: string, flags: string, mode?: number): Promise<FileHandle>;
    readFile(path: string, options: { encoding: 'utf8' }): Promise<string>;
    stat(path: string): Promise<Stats>;
    rename(from: string, to: string): Promise<void>;
    unlink(path: string): Promise<void>;
  };
}
