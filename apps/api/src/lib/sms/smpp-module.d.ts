// The part of the `smpp` package (no types of its own) that the SMS transport and its tests use.
declare module 'smpp' {
  import type { EventEmitter } from 'node:events';
  import type { Server as NetServer } from 'node:net';

  /** A PDU: its header, then the command's fields and TLVs as properties (decoded by the package). */
  export interface PDU {
    command: string;
    command_id: number;
    command_status: number;
    sequence_number: number;
    [field: string]: unknown;
    response(options?: Record<string, unknown>): PDU;
  }

  export type ResponseCallback = (pdu: PDU) => void;

  export class Session extends EventEmitter {
    socket: import('node:net').Socket;
    send(pdu: PDU, responseCallback?: ResponseCallback, sendCallback?: ResponseCallback): boolean;
    close(callback?: () => void): void;
    destroy(callback?: () => void): void;
    pause(): void;
    resume(): void;
    bind_transceiver(options: Record<string, unknown>, callback?: ResponseCallback): boolean;
    submit_sm(options: Record<string, unknown>, callback?: ResponseCallback): boolean;
    deliver_sm(options: Record<string, unknown>, callback?: ResponseCallback): boolean;
    enquire_link(options?: Record<string, unknown> | ResponseCallback, callback?: ResponseCallback): boolean;
    unbind(options?: Record<string, unknown> | ResponseCallback, callback?: ResponseCallback): boolean;
  }

  export interface Server extends NetServer {
    sessions: Session[];
  }

  export interface Encoding {
    match(value: string): boolean;
    encode(value: string): Buffer;
    decode(value: Buffer): string;
  }

  export function connect(options: { host: string; port: number }, listener?: () => void): Session;
  export function createServer(listener: (session: Session) => void): Server;
  export const errors: Record<string, number>;
  export const encodings: { ASCII: Encoding; UCS2: Encoding; LATIN1: Encoding };
  export const consts: {
    ESM_CLASS: Record<string, number>;
    MESSAGE_STATE: Record<string, number>;
    REGISTERED_DELIVERY: Record<string, number>;
    TON: Record<string, number>;
    NPI: Record<string, number>;
    ENCODING: Record<string, number>;
  };

  const smpp: {
    connect: typeof connect;
    createServer: typeof createServer;
    errors: typeof errors;
    encodings: typeof encodings;
    consts: typeof consts;
    Session: typeof Session;
  };
  export default smpp;
}
