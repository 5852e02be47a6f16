import { formatMonth } from '@baridesk/domain';

/** A month of the API's series ("yyyy-MM") as the screens write it: "March 2026". */
export const monthLabel = (key: string) => formatMonth(Number(key.slice(0, 4)), Number(key.slice(5, 7))) || key;
