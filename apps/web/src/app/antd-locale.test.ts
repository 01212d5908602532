import { describe, expect, it } from 'vitest';
import fraShell from '@openbourse/i18n/locales/fra/shell.json';
import viShell from '@openbourse/i18n/locales/vi/shell.json';
import { loadAntdLocale, withAppTexts } from './antd-locale.ts';

describe("antd-mobile's texts in the app's languages", () => {
  it("ends an infinite list with the app's own 'no more data', not antd's casual French or Vietnamese", async () => {
    const french = await loadAntdLocale('fra');
    expect(french.InfiniteScroll.noMore).toBe('Non, plus maintenant.');
    const fixed = withAppTexts(french, { noMore: fraShell.empty.noMore, ...fraShell.actions, pull: fraShell.pull });
    expect(fixed.InfiniteScroll.noMore).toBe('Aucune donnée supplémentaire');
    // A confirmation's button: antd's French says "Activer" (turn on); the app's says "Confirmer".
    expect(french.common.confirm).toBe('Activer');
    expect(fixed.common).toMatchObject({ confirm: 'Confirmer', cancel: 'Annuler' });
    // Pull to refresh: antd's French says "refresh the drop-down list".
    expect(french.PullToRefresh.pulling).toBe('Rafraîchir la liste déroulante');
    expect(fixed.PullToRefresh).toEqual({ pulling: 'Tirez vers le bas pour actualiser', canRelease: 'Relâchez pour actualiser', complete: 'Actualisé' });
    // The rest of antd's French stays.
    expect(fixed.Modal).toEqual(french.Modal);
    expect(withAppTexts(await loadAntdLocale('vi'), { noMore: viShell.empty.noMore, ...viShell.actions, pull: viShell.pull }).InfiniteScroll.noMore).toBe('Không còn dữ liệu');
  });
});
