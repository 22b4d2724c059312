import { describe, expect, it } from 'vitest';
import { batchReader, batchWriter } from './batch.ts';

interface Item {
  key: string;
  value: number;
}

/** A writer whose statements answer only when the test lets them, with every batch written down. */
function controlled() {
  const batches: Item[][] = [];
  const answers: Array<{ resolve(results: string[]): void; reject(error: Error): void }> = [];
  const writer = batchWriter<Item, string>(
    (item) => item.key,
    (items) =>
      new Promise<string[]>((resolve, reject) => {
        batches.push(items);
        answers.push({ resolve, reject });
      }),
  );
  const answerBatch = (i: number) =>
    answers[i]?.resolve((batches[i] ?? []).map((item) => `${item.key}:${item.value}`));
  return { writer, batches, answers, answerBatch };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('batchWriter', () => {
  it('writes the items of one turn in one batch, sorted by key, each caller getting its own result', async () => {
    const { writer, batches, answerBatch } = controlled();
    const results = Promise.all([
      writer.write({ key: 'c', value: 1 }),
      writer.write({ key: 'a', value: 2 }),
      writer.write({ key: 'b', value: 3 }),
    ]);
    await turn();
    expect(batches).toEqual([
      [
        { key: 'a', value: 2 },
        { key: 'b', value: 3 },
        { key: 'c', value: 1 },
      ],
    ]);
    answerBatch(0);
    expect(await results).toEqual(['c:1', 'a:2', 'b:3']);
  });

  it('holds a second item of a key until the statement with the first has answered', async () => {
    const { writer, batches, answerBatch } = controlled();
    const first = writer.write({ key: 'session-1', value: 1 });
    const other = writer.write({ key: 'session-2', value: 2 });
    const second = writer.write({ key: 'session-1', value: 3 });
    await turn();
    await turn();
    // The second item of session-1 is not written while the first is in flight, however many turns pass.
    expect(batches).toHaveLength(1);
    expect(batches[0]?.map((item) => item.value)).toEqual([1, 2]);
    answerBatch(0);
    expect(await Promise.all([first, other])).toEqual(['session-1:1', 'session-2:2']);
    await turn();
    expect(batches).toHaveLength(2);
    expect(batches[1]).toEqual([{ key: 'session-1', value: 3 }]);
    answerBatch(1);
    expect(await second).toBe('session-1:3');
  });

  it('keeps the order of three items of one key, and a new key does not wait for them', async () => {
    const { writer, batches, answerBatch } = controlled();
    const values = [1, 2, 3].map((value) => writer.write({ key: 'k', value }));
    await turn();
    const late = writer.write({ key: 'z', value: 9 });
    await turn();
    expect(batches.map((batch) => batch.map((item) => item.value))).toEqual([[1], [9]]);
    answerBatch(1);
    expect(await late).toBe('z:9');
    answerBatch(0);
    await values[0];
    await turn();
    answerBatch(2);
    await values[1];
    await turn();
    answerBatch(3);
    expect(await Promise.all(values)).toEqual(['k:1', 'k:2', 'k:3']);
    expect(batches.map((batch) => batch.map((item) => item.value))).toEqual([[1], [9], [2], [3]]);
  });

  it('rejects the items of a failed statement, and the next item of their key still goes', async () => {
    const { writer, batches, answers, answerBatch } = controlled();
    const failed = writer.write({ key: 'k', value: 1 });
    const next = writer.write({ key: 'k', value: 2 });
    await turn();
    answers[0]?.reject(new Error('connection lost'));
    await expect(failed).rejects.toThrow('connection lost');
    await turn();
    expect(batches).toHaveLength(2);
    answerBatch(1);
    expect(await next).toBe('k:2');
  });

  it('splits a turn of more than 256 items into statements of at most 256', async () => {
    const { writer, batches, answerBatch } = controlled();
    const all = Array.from({ length: 300 }, (_unused, value) =>
      writer.write({ key: `key-${String(value).padStart(3, '0')}`, value }),
    );
    await turn();
    await turn();
    expect(batches.map((batch) => batch.length)).toEqual([256, 44]);
    answerBatch(0);
    answerBatch(1);
    const results = await Promise.all(all);
    expect(results[299]).toBe('key-299:299');
  });
});

describe('batchReader', () => {
  function counting() {
    const asked: string[][] = [];
    const reader = batchReader<string>(async (keys) => {
      asked.push(keys);
      return new Map(keys.filter((key) => key !== 'missing').map((key) => [key, `row ${key}`]));
    });
    return { reader, asked };
  }

  it('reads the keys of one turn with one call, each key once, each caller its own row', async () => {
    const { reader, asked } = counting();
    const rows = await Promise.all(['a', 'b', 'a', 'missing'].map((key) => reader.read(key)));
    expect(rows).toEqual(['row a', 'row b', 'row a', undefined]);
    expect(asked).toEqual([['a', 'b', 'missing']]);
  });

  it('reads again in a later turn: nothing is kept between turns', async () => {
    const { reader, asked } = counting();
    expect(await reader.read('a')).toBe('row a');
    expect(await reader.read('a')).toBe('row a');
    expect(asked).toEqual([['a'], ['a']]);
  });

  it("passes a failed read to every caller of that turn, and reads the next turn's keys afresh", async () => {
    let fail = true;
    const reader = batchReader<string>(async (keys) => {
      if (fail) throw new Error('connection lost');
      return new Map(keys.map((key) => [key, key]));
    });
    const both = Promise.allSettled([reader.read('a'), reader.read('b')]);
    expect((await both).map((result) => result.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await reader.read('a')).toBe('a');
  });

  it('answers the callers with the error of a read that throws at once, and the node goes on', async () => {
    const reader = batchReader<string>((keys) => {
      if (keys.includes('bad')) throw new Error('cannot build the query');
      return Promise.resolve(new Map(keys.map((key) => [key, key])));
    });
    await expect(reader.read('bad')).rejects.toThrow('cannot build the query');
    expect(await reader.read('good')).toBe('good');
  });

  it('splits a turn of more than 256 keys into reads of at most 256', async () => {
    const { reader, asked } = counting();
    const keys = Array.from({ length: 300 }, (_unused, i) => `k${i}`);
    const rows = await Promise.all(keys.map((key) => reader.read(key)));
    expect(rows[299]).toBe('row k299');
    expect(asked.map((batch) => batch.length)).toEqual([256, 44]);
  });
});
