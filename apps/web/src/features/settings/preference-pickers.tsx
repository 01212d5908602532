import { type Language, LANGUAGES, localeOf } from '@openbourse/i18n';
import { List, Popup } from 'antd-mobile';
import { CheckOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../shared/i18n/index.ts';
import { type FiatRate, session, useSession } from '../../shared/session.ts';

interface PickerProps {
  visible: boolean;
  onClose(): void;
}

/** The session keeps the choice (local storage, so it survives reloads); i18next switches the texts. */
export async function chooseLanguage(code: Language): Promise<void> {
  session.setLanguage(code);
  await changeLanguage(code);
}

/** Every interface language, each by its own name. */
export function LanguagePopup({ visible, onClose }: PickerProps) {
  const { t } = useTranslation('settings');
  const { lang } = useSession();
  const choose = (code: Language) => {
    onClose();
    if (code !== lang) void chooseLanguage(code);
  };
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="settings-popup" destroyOnClose>
      <div className="settings-popup__title">{t('setting.chooseLanguage')}</div>
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

/** Currency names in the interface language from the browser; the site config's English names otherwise. */
function currencyNames(lang: Language): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([localeOf(lang)], { type: 'currency' });
  } catch {
    return null;
  }
}

/** The fiat currency amounts are also shown in, with the rates of the site config. */
export function FiatPopup({ visible, onClose }: PickerProps) {
  const { t } = useTranslation('settings');
  const { fiat, fiatList, lang } = useSession();
  const names = currencyNames(lang);
  const choose = (rate: FiatRate) => {
    session.setFiat(rate);
    onClose();
  };
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="settings-popup" destroyOnClose>
      <div className="settings-popup__title">{t('setting.chooseFiat')}</div>
      {fiatList.length === 0 ? (
        <div className="settings-popup__empty muted">{t('setting.noFiat')}</div>
      ) : (
        <List className="settings-popup__list">
          {fiatList.map((rate) => (
            <List.Item
              key={rate.code}
              data-testid={`fiat-${rate.code}`}
              onClick={() => choose(rate)}
              arrowIcon={false}
              prefix={<span className="settings-fiat-symbol">{rate.symbol}</span>}
              description={names?.of(rate.code) ?? rate.name}
              extra={rate.code === fiat.currency_code ? <CheckOutline className="gold" /> : null}
            >
              {rate.code}
            </List.Item>
          ))}
        </List>
      )}
    </Popup>
  );
}
