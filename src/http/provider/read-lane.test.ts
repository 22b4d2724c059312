import type { AddressInfo } from 'node:net';
import type { FastifyServerOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { extractApiKey } from '../../domain/api-keys.ts';
import { decideAccess } from '../../services/provider-access.ts';
import { artQuery, type ReadLane, readHeaders, serverWithLane } from './read-lane.ts';

const KEY = `rf_live_${'a'.repeat(33)}`;

describe('readHeaders', () => {
  it('hands one credential in any of its three forms, names in any case, to the one key decision', () => {
    for (const raw of [
      ['X-Provider-Api-Key', KEY],
      ['x-api-key', ` ${KEY} `],
      ['Authorization', `bearer ${KEY}`],
    ]) {
      const read = readHeaders(raw);
      expect(read.unusual).toBe(false);
      expect(extractApiKey(read.credentials)).toEqual({ kind: 'key', apiKey: KEY });
    }
  });

  it('leaves to the route two credentials (even equal ones), none and a named operator', () => {
    expect(readHeaders(['x-api-key', KEY, 'x-provider-api-key', KEY]).unusual).toBe(true);
    expect(readHeaders(['x-api-key', KEY, 'X-API-KEY', KEY]).unusual).toBe(true);
    expect(readHeaders(['accept', '*/*']).unusual).toBe(true);
    expect(readHeaders(['x-api-key', KEY, 'X-Operator-Id', 'op_1']).unusual).toBe(true);
  });

  it('hands a non-Bearer Authorization to the key decision, which refuses it (the lane then declines)', () => {
    const read = readHeaders(['authorization', `Basic ${KEY}`]);
    expect(read.unusual).toBe(false);
    expect(decideAccess({ headers: read.credentials, named: [] }, {}).kind).toBe('refused');
  });

  it('notes a request id and an If-None-Match', () => {
    const read = readHeaders(['x-api-key', KEY, 'X-Request-Id', 'abc', 'If-None-Match', '"e1"']);
    expect(read).toMatchObject({ requestId: true, ifNoneMatch: '"e1"', unusual: false });
  });
});

describe('artQuery', () => {
  it('decodes title and slug as the route reads them, + as a space', () => {
    expect(artQuery('')).toEqual({});
    expect(artQuery('title=Ember%20Crown&slug=ember-crown')).toEqual({
      title: 'Ember Crown',
      slug: 'ember-crown',
    });
    expect(artQuery('title=Ember+Crown')).toEqual({ title: 'Ember Crown' });
    expect(artQuery('title=%C3%89toile')).toEqual({ title: 'Étoile' });
    expect(artQuery('title=')).toEqual({ title: '' });
  });

  it('leaves to the route anything else: other names, repeats, bare names, bad escapes, NUL', () => {
    for (const query of [
      'size=square',
      'format=png',
      'title=a&title=b',
      'title',
      '=x',
      'title=a&&slug=b',
      'title=%E0%A4%A',
      'title=%FF',
      'title=a%00b',
      'title%5B%5D=a',
    ]) {
      expect(artQuery(query), query).toBeUndefined();
    }
  });
});

describe('serverWithLane', () => {
  async function answerOf(lane: ReadLane): Promise<{ status: number; text: string }> {
    const factory = serverWithLane(() => lane);
    const server = factory((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('from the route');
    }, {} as FastifyServerOptions);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/api/provider/v1/games`);
      return { status: response.status, text: await response.text() };
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }

  it('gives the route every request the lane declines', async () => {
    const declines: ReadLane = { answer: () => false, close() {} };
    expect(await answerOf(declines)).toEqual({ status: 200, text: 'from the route' });
  });

  it('gives the route a request the lane failed on before answering, and stays up', async () => {
    const faulty: ReadLane = {
      answer() {
        throw new Error('a fault in the lane');
      },
      close() {},
    };
    expect(await answerOf(faulty)).toEqual({ status: 200, text: 'from the route' });
  });

  it('hands a request the lane took back to the route when the lane calls its fallback', async () => {
    const later: ReadLane = {
      answer(_req, _res, fallback) {
        setTimeout(fallback, 5);
        return true;
      },
      close() {},
    };
    expect(await answerOf(later)).toEqual({ status: 200, text: 'from the route' });
  });
});
