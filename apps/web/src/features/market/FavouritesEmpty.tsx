import { Button, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useLoginPath } from './useLoginPrompt.ts';

/** A signed-in user with an empty watchlist is sent to the crypto list to star some pairs. */
export function FavouritesEmpty({ onAdd }: { onAdd(): void }) {
  const { t } = useTranslation('market');
  return (
    <ErrorBlock status="empty" className="market-empty" title={t('favourites.emptyTitle')} description={t('favourites.emptyText')} data-testid="favourites-empty">
      <Button color="primary" fill="outline" size="small" onClick={onAdd} data-testid="favourites-add">
        {t('favourites.add')}
      </Button>
    </ErrorBlock>
  );
}

/** Visitors have no watchlist: they are invited to log in and come back here. */
export function FavouritesGuest() {
  const { t } = useTranslation('market');
  const navigate = useNavigate();
  const loginPath = useLoginPath();
  return (
    <ErrorBlock status="empty" className="market-empty" title={t('favourites.guestTitle')} description={t('favourites.guestText')} data-testid="favourites-guest">
      <Button color="primary" size="small" onClick={() => navigate(loginPath)}>
        {t('shell:actions.login')}
      </Button>
    </ErrorBlock>
  );
}
