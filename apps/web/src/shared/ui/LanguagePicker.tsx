import { type Language, LANGUAGES } from '@openbourse/i18n';
import { List, Popup } from 'antd-mobile';
import { CheckOutline, GlobalOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/request.ts';
import { changeLanguage } from '../i18n/index.ts';
import { session, useSession } from '../session.ts';

/**
 * The session keeps the choice (local storage, so it survives reloads);
 * i18next switches the texts. A signed-in user's choice goes to the server
 * too (every call carries the new `lang`): mails are written in it.
 */
export async function chooseLanguage(code: Language): Promise<void> {
  session.setLanguage(code);
  if (session.get().token) void api.post('/user/lang', {}, { silent: true }).catch(() => undefined);
  await changeLanguage(code);
}

/** Every interface language, each by its own name. */
export function LanguagePopup({ visible, onClose }: { visible: boolean; onClose(): void }) {
  const { t } = useTranslation('shell');
  const { lang } = useSession();
  const choose = (code: Language) => {
    onClose();
    if (code !== lang) void chooseLanguage(code);
  };
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="settings-popup" destroyOnClose>
      <div className="settings-popup__title">{t('language.choose')}</div>
      <List className="settings-popup__list" data-testid="language-list">
        {LANGUAGES.map((language) => (
          <List.Item
            key={language.code}
            data-testid={`language-${language.code}`}
            onClick={() => choose(language.code)}
            arrowIcon={false}
            extra={language.code === lang ? <CheckOutline className="gold" /> : null}
          >
            <span lang={language.locale}>{language.nativeName}</span>
          </List.Item>
        ))}
      </List>
    </Popup>
  );
}

/**
 * The current language by its own name, opening the list of all ten: for
 * pages a visitor sees before any settings (login, register). Changing it
 * only changes texts; whatever was typed stays.
 */
export function LanguagePicker() {
  const { t } = useTranslation('shell');
  const { lang } = useSession();
  const [open, setOpen] = useState(false);
  const current = LANGUAGES.find((language) => language.code === lang);
  return (
    <>
      <button type="button" className="language-picker" aria-label={t('language.label')} onClick={() => setOpen(true)} data-testid="language-picker">
        <GlobalOutline aria-hidden />
        <span lang={current?.locale}>{current?.nativeName}</span>
      </button>
      <LanguagePopup visible={open} onClose={() => setOpen(false)} />
    </>
  );
}
