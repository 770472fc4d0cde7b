import { describe, expect, it } from 'vitest';
import {
  buildListQuery,
  bulkPayload,
  filterParam,
  listStateToSearch,
  nextOrder,
  normalizeFilters,
  parseListQuery,
  selectionSize,
} from './query-string';

describe('filters', () => {
  it('turns true/false into True/False', () => {
    expect(filterParam(true)).toBe('True');
    expect(filterParam(false)).toBe('False');
    expect(normalizeFilters({ is_active: true, is_locked: false })).toEqual({ is_active: 'True', is_locked: 'False' });
  });

  it('drops empty, blank and null filters but keeps 0', () => {
    expect(normalizeFilters({ a: '', b: '   ', c: null, d: undefined, e: [], f: 0, g: ' x ' })).toEqual({
      f: '0',
      g: 'x',
    });
  });

  it('joins lists for __in filters, dropping empty items', () => {
    expect(normalizeFilters({ profile__in: ['lead', '', 'customer'], id__in: [3, 4] })).toEqual({
      profile__in: 'lead,customer',
      id__in: '3,4',
    });
  });
});

describe('buildListQuery', () => {
  it('always sends page and per_page, then order_by__ and the filters in a stable order', () => {
    const query = buildListQuery({
      page: 2,
      perPage: 25,
      orderBy: '-created_at',
      filters: { status: 1, email__icontains: 'rossi' },
    });
    expect(query.toString()).toBe('page=2&per_page=25&order_by__=-created_at&email__icontains=rossi&status=1');
  });

  it('defaults to page 1 of 10 and leaves out an empty order', () => {
    expect(buildListQuery({ orderBy: [] }).toString()).toBe('page=1&per_page=10');
    expect(buildListQuery({ orderBy: ['last_name', '-id'] }).get('order_by__')).toBe('last_name,-id');
  });
});

describe('URL state', () => {
  it('round-trips through the address bar without writing defaults', () => {
    const search = listStateToSearch({ page: 1, perPage: 10, orderBy: null, filters: { status: 0, search: '' } });
    expect(search).toBe('?status=0');
    expect(listStateToSearch({ page: 1, perPage: 10, orderBy: null, filters: {} })).toBe('');
    const full = listStateToSearch({ page: 3, perPage: 25, orderBy: 'email', filters: { is_active: true } });
    expect(parseListQuery(full)).toEqual({ page: 3, perPage: 25, orderBy: 'email', filters: { is_active: 'True' } });
  });

  it('reads bad or unknown page sizes as the defaults', () => {
    expect(parseListQuery('?page=-2&per_page=7', { perPageOptions: [5, 10, 25, 50] })).toMatchObject({
      page: 1,
      perPage: 10,
    });
    expect(parseListQuery('page=abc&per_page=50', { perPageOptions: [5, 10, 25, 50] })).toMatchObject({
      page: 1,
      perPage: 50,
    });
  });
});

describe('sorting by header', () => {
  it('cycles ascending, descending, none', () => {
    expect(nextOrder(null, 'email')).toBe('email');
    expect(nextOrder('email', 'email')).toBe('-email');
    expect(nextOrder('-email', 'email')).toBeNull();
    expect(nextOrder('-created_at', 'email')).toBe('email');
  });
});

describe('bulk selection', () => {
  it('sends the selected ids as filtered_ids in normal mode', () => {
    expect(bulkPayload({ all: false, ids: [3, 7] }, { status: 1, search: '' })).toEqual({
      filtered_ids: [3, 7],
      filters: { status: '1' },
    });
  });

  it('sends excluded_ids, the filters and the order in select-all mode', () => {
    expect(bulkPayload({ all: true, ids: [9] }, { is_active: false }, '-id')).toEqual({
      excluded_ids: [9],
      filters: { is_active: 'False', order_by__: '-id' },
    });
    expect(bulkPayload({ all: true, ids: [] })).toEqual({ excluded_ids: [], filters: {} });
  });

  it('counts what a selection covers', () => {
    expect(selectionSize({ all: true, ids: [1, 2] }, 68)).toBe(66);
    expect(selectionSize({ all: false, ids: [1, 2] }, 68)).toBe(2);
  });
});
