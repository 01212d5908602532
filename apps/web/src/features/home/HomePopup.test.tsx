import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, setupPageTests, stubApi } from '../../shared/test-utils.tsx';
import { HomePopup } from './HomePopup.tsx';

setupPageTests();

const NOTICE = { id: 7, title: '系统维护通知', summary: '维护', body: '第一段\n\n第二段', image: '', published_at: 1_000 };

/** Renders the pop-up as the home page does and answers whether it opened, once the notice has arrived. */
async function opens(fetchMock: ReturnType<typeof stubApi>['fetchMock']): Promise<boolean> {
  const view = renderAt(<HomePopup />);
  await waitFor(() => expect(fetchMock).toHaveBeenCalled());
  await act(async () => {
    await new Promise((done) => setTimeout(done, 50));
  });
  const shown = screen.queryByTestId('home-popup') !== null;
  view.unmount();
  return shown;
}

describe('the home pop-up notice', () => {
  it('opens once per version on this device, across visits, and again when the notice is republished', async () => {
    for (const key of Object.keys(localStorage)) if (key.startsWith('ob.homePopup.')) localStorage.removeItem(key);
    expect(await opens(stubApi({ '/news/index_pop': NOTICE }).fetchMock)).toBe(true);
    expect(localStorage.getItem('ob.homePopup.7:1000')).toBe('1');
    // A later visit (local storage, not the tab's session) does not show it again.
    expect(await opens(stubApi({ '/news/index_pop': NOTICE }).fetchMock)).toBe(false);
    expect(await opens(stubApi({ '/news/index_pop': { ...NOTICE, published_at: 2_000 } }).fetchMock)).toBe(true);
  });
});
