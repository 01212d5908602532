import { type Language, localeOf } from '@openbourse/i18n';
import { List, Popup } from 'antd-mobile';
import { CheckOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { type FiatRate, session, useSession } from '../../shared/session.ts';

interface PickerProps {
  visible: boolean;
  onClose(): void;
}

export { LanguagePopup } from '../../shared/ui/LanguagePicker.tsx';

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
