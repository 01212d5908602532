import { createStore } from './store.ts';

export interface Area {
  country: string;
  callingCode: string;
}

/** The area picked on the area page, read by the form that opened it. */
export const areaStore = createStore<Area>({ country: 'CN', callingCode: '86' });
