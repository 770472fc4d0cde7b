// The resource kit's list contract: paging edges, every filter kind, sorting, and 400s that name
// the field, on the kit_items test resource.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../test/auth';
import { type KitFixture, kitFixture } from '../../test/resource-kit';

let kit: KitFixture;
let alice: Session;
let carol: Session;
const ids: Record<number, number> = {};
const call = (...args: Parameters<KitFixture['call']>) => kit.call(...args);
const list = (...args: Parameters<KitFixture['list']>) => kit.list(...args);
const names = (body: { results: Array<{ id: number }> }) => body.results.map((r) => r.id);
const idx = (...indexes: number[]) => indexes.map((i) => ids[i]);

beforeAll(async () => {
  kit = await kitFixture();
  ({ alice, carol } = kit);
  Object.assign(ids, kit.ids);
});
afterAll(async () => kit?.t.close());

describe('list paging', () => {
  it('defaults to page 1 of 10 and links the neighbouring pages', async () => {
    const { status, body } = await list(alice, '');
    expect(status).toBe(200);
    expect(body).toMatchObject({ count: 25, page: 1, per_page: 10, next: 2, previous: null });
    expect(names(body)).toEqual(idx(1, 2, 3, 4, 5, 6, 7, 8, 9, 10));
  });

  it('answers the last partial page, and 404 past it', async () => {
    const last = await list(alice, 'page=3');
    expect(last.body).toMatchObject({ count: 25, page: 3, next: null, previous: 2 });
    expect(last.body.results).toHaveLength(5);
    const past = await list(alice, 'page=4');
    expect(past.status).toBe(404);
    expect(past.body.detail).toBe('Element not found');
  });

  it('caps per_page at 100 and refuses bad page values, naming the field', async () => {
    const big = await list(alice, 'per_page=500');
    expect(big.body).toMatchObject({ per_page: 100, count: 25, next: null });
    expect(big.body.results).toHaveLength(25);
    for (const [query, field] of [
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['per_page=0', 'per_page'],
      ['per_page=-5', 'per_page'],
    ]) {
      const res = await list(alice, query!);
      expect(res.status, query).toBe(400);
      expect(Object.keys(res.body)).toEqual([field]);
    }
  });

  it('an empty list is page 1 with no results; page 2 of it is a 404', async () => {
    expect((await list(carol, '')).body).toEqual({
      results: [],
      count: 0,
      next: null,
      previous: null,
      per_page: 10,
      page: 1,
    });
    expect((await list(carol, 'page=2')).status).toBe(404);
  });
});

describe('filters', () => {
  const count = async (query: string) => {
    const res = await list(alice, `${query}&per_page=100`);
    expect(res.status, `${query}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body.results.map((r: { id: number }) => r.id) as number[];
  };

  it('exact and __in on text', async () => {
    expect(await count('name=Item%203')).toEqual(idx(3));
    expect(await count('name__in=Item%203,Item%204')).toEqual(idx(3, 4));
    expect(await count('name__in=Item%203&name__in=Item%205')).toEqual(idx(3, 5));
  });

  it('__icontains is case-insensitive and treats % and _ as characters', async () => {
    expect(await count('name__icontains=ALPHA')).toEqual(idx(1, 2));
    expect(await count('name__icontains=50%25')).toEqual(idx(1));
    expect(await count('name__icontains=a_b')).toEqual(idx(2));
    expect(await count('name__icontains=%25')).toEqual(idx(1));
  });

  it('__gte/__lte on amounts and dates', async () => {
    expect(await count('amount__gte=1000&amount__lte=1500.00')).toEqual(idx(10, 11, 12, 13, 14));
    expect(await count('amount=201.00')).toEqual(idx(2));
    expect(await count('booked_on__gte=2026-01-20')).toEqual(idx(20, 21, 22, 23, 24, 25));
    expect(await count('booked_on__lte=2026-01-03')).toEqual(idx(1, 2, 3));
  });

  it('a day on a timestamp means that whole day in Rome, bounds included', async () => {
    // Item 9 was created 2026-02-09 23:30 UTC = 2026-02-10 00:30 in Rome.
    expect(await count('created_at=2026-02-10')).toEqual(idx(9));
    expect(await count('created_at__gte=2026-02-10&created_at__lte=2026-02-10')).toEqual(idx(9));
    expect(await count('created_at__lte=2026-02-03')).toEqual(idx(1, 2));
    expect(await count('created_at__gte=2026-02-25T00:00:00Z')).toEqual(idx(25));
  });

  it('True/False booleans, enums, tags', async () => {
    expect(await count('active=True')).toHaveLength(12);
    expect(await count('active=False')).toHaveLength(13);
    expect(await count('active=true')).toEqual(await count('active=True'));
    expect(await count('kind__in=a,b')).toHaveLength(17);
    expect(await count('tags=vip')).toEqual(idx(5, 10, 15, 20, 25));
    expect(await count('tags__in=vip,nothing')).toEqual(idx(5, 10, 15, 20, 25));
    expect(await count('search=alpha')).toEqual(idx(1, 2));
  });

  it('ignores empty and null values', async () => {
    expect(await count('name=&kind__in=&active=null&amount__gte=')).toHaveLength(25);
  });

  it('answers 400 naming every unknown field, unsupported operator or bad value, in the language asked', async () => {
    const res = await call(alice, {
      method: 'GET',
      url: '/api/v1/kit-items/?colour=red&name__gte=x&amount=abc&active=maybe&created_at=2026-02-30&kind=z',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['active', 'amount', 'colour', 'created_at', 'kind', 'name__gte']);
    expect(body.colour).toEqual(['Unknown filter field: colour.']);
    const italian = await call(alice, { method: 'GET', url: '/api/v1/kit-items/?colour=red' }, 'it');
    expect(italian.json()).toEqual({ colour: ['Campo di filtro sconosciuto: colour.'] });
  });
});

describe('sorting', () => {
  it('sorts by order_by__, descending with -, with the id as tie-breaker', async () => {
    expect(names((await list(alice, 'order_by__=-amount&per_page=3')).body)).toEqual(idx(25, 24, 23));
    expect(names((await list(alice, 'order_by__=amount&per_page=3')).body)).toEqual(idx(1, 2, 3));
    expect(names((await list(alice, 'order_by__=-status,-booked_on&per_page=2')).body)).toEqual(idx(25, 24));
    // Every row has status 1: ties follow the first term's direction, so "newest first" stays newest first.
    expect(names((await list(alice, 'order_by__=-status&per_page=3')).body)).toEqual(idx(25, 24, 23));
    expect(names((await list(alice, 'order_by__=status&per_page=3')).body)).toEqual(idx(1, 2, 3));
  });

  it('refuses unknown or unsortable fields with a 400 on order_by__', async () => {
    for (const field of ['colour', 'tags', '-active']) {
      const res = await list(alice, `order_by__=${field}`);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body)).toEqual(['order_by__']);
    }
  });
});
