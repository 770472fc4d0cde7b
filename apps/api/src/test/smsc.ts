// An SMSC on loopback for tests: the server side of the same `smpp` package, speaking SMPP 3.4 over a
// real TCP connection. It checks the bind's credentials, answers each submit_sm with a message_id
// (or, when told to, drops the connection after the submit_sm arrived and before answering), and sends
// delivery receipts on the bound session.
import type { AddressInfo } from 'node:net';
import smpp, { type PDU, type Session } from 'smpp';

export interface ReceivedSms {
  /** destination_addr as sent (without the + of an international number), and its TON. */
  to: string;
  ton: number;
  from: string;
  text: string;
  dataCoding: number;
  /** Whether the text came in message_payload rather than short_message. */
  inPayload: boolean;
  registeredDelivery: number;
  /** The message_id answered; null when the connection was dropped before answering. */
  messageId: string | null;
}

export interface TestSmsc {
  port: number;
  /** SMS_URL for these credentials. */
  url(systemId: string, password: string, query?: string): string;
  /** The credentials the SMSC accepts; change them to make it accept or refuse binds. */
  accepts: { systemId: string; password: string };
  binds: { systemId: string; password: string; accepted: boolean }[];
  /** Every submit_sm that arrived, answered or not. */
  received: ReceivedSms[];
  /** Submits answered with a message_id: what the phones get. */
  accepted(): ReceivedSms[];
  /** How many submit_sm to drop the connection on, before answering. */
  dropSubmits: number;
  /** enquire_link received; while `ignoreEnquireLinks`, none is answered (a link that died silently). */
  enquireLinks: number;
  ignoreEnquireLinks: boolean;
  /** Sends a delivery receipt on a bound session; resolves with the command_status of the answer. */
  sendReceipt(receipt: { messageId: string; stat: string; err?: string; inTlvs?: boolean }): Promise<number>;
  close(): Promise<void>;
}

const MESSAGE_STATE: Record<string, number> = { DELIVRD: 2, EXPIRED: 3, UNDELIV: 5, REJECTD: 8 };

function textOf(field: unknown): string {
  const message = (field as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : '';
}

export async function startTestSmsc(accepts: { systemId: string; password: string }): Promise<TestSmsc> {
  const bound = new Set<Session>();
  let nextId = 1000;
  const smsc: Omit<TestSmsc, 'port' | 'url' | 'close'> = {
    accepts,
    binds: [],
    received: [],
    accepted: () => smsc.received.filter((sms) => sms.messageId !== null),
    dropSubmits: 0,
    enquireLinks: 0,
    ignoreEnquireLinks: false,
    sendReceipt(receipt) {
      const session = [...bound].at(-1);
      if (!session) return Promise.reject(new Error('no bound session to send the receipt on'));
      const fields: Record<string, unknown> = {
        esm_class: smpp.consts.ESM_CLASS.MC_DELIVERY_RECEIPT,
        source_addr: '393331234567',
        destination_addr: 'Lombard',
      };
      if (receipt.inTlvs) {
        fields.receipted_message_id = receipt.messageId;
        fields.message_state = MESSAGE_STATE[receipt.stat] ?? 7;
        fields.short_message = '';
      } else {
        fields.short_message = `id:${receipt.messageId} sub:001 dlvrd:001 submit date:2611291200 done date:2611291201 stat:${receipt.stat} err:${receipt.err ?? '000'} text:`;
      }
      return new Promise((resolve) => session.deliver_sm(fields, (resp) => resolve(resp.command_status)));
    },
  };

  const server = smpp.createServer((session) => {
    session.on('error', () => undefined);
    session.on('close', () => bound.delete(session));
    session.on('bind_transceiver', (pdu: PDU) => {
      const systemId = String(pdu.system_id);
      const password = String(pdu.password);
      const accepted = systemId === smsc.accepts.systemId && password === smsc.accepts.password;
      smsc.binds.push({ systemId, password, accepted });
      if (!accepted) {
        session.send(pdu.response({ command_status: smpp.errors.ESME_RINVPASWD }));
        session.close();
        return;
      }
      bound.add(session);
      session.send(pdu.response({ system_id: 'TESTSMSC' }));
    });
    session.on('submit_sm', (pdu: PDU) => {
      const inPayload = pdu.message_payload !== undefined;
      const sms: ReceivedSms = {
        to: String(pdu.destination_addr),
        ton: Number(pdu.dest_addr_ton),
        from: String(pdu.source_addr),
        text: textOf(inPayload ? pdu.message_payload : pdu.short_message),
        dataCoding: Number(pdu.data_coding),
        inPayload,
        registeredDelivery: Number(pdu.registered_delivery),
        messageId: null,
      };
      smsc.received.push(sms);
      if (smsc.dropSubmits > 0) {
        smsc.dropSubmits -= 1;
        session.destroy();
        return;
      }
      sms.messageId = `SMSC${nextId++}`;
      session.send(pdu.response({ message_id: sms.messageId }));
    });
    session.on('enquire_link', (pdu: PDU) => {
      smsc.enquireLinks += 1;
      if (!smsc.ignoreEnquireLinks) session.send(pdu.response());
    });
    session.on('unbind', (pdu: PDU) => {
      session.send(pdu.response());
      session.close();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(smsc, {
    port,
    url: (systemId: string, password: string, query = '') =>
      `smpp://${encodeURIComponent(systemId)}:${encodeURIComponent(password)}@127.0.0.1:${port}${query}`,
    async close() {
      for (const session of server.sessions) session.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
