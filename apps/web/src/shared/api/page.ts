/** A page of a list, as every paged API answer carries it (server platform/fields.ts `toPage`). */
export interface Page<T> {
  list: T[];
  page: number;
  limit: number;
  total: number;
  has_more: boolean;
}
