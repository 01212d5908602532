import { Modal } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Prose } from '../../shared/ui/Prose.tsx';
import { articlePath, useHomePopup } from './api.ts';

const SEEN_PREFIX = 'ob.homePopup.';
/** How many paragraphs of the article the pop-up shows; "details" opens the rest. */
const EXCERPT_PARAGRAPHS = 2;

/** A notice's version: the article and when it was (re)published, so a republished notice shows again. */
const popupVersion = (article: { id: number; published_at?: number }) => `${article.id}:${article.published_at ?? 0}`;

/** Marks this version of the notice as shown on this device (local storage, so reloads and new visits keep it); true when it had not been shown yet. */
function firstShowing(version: string): boolean {
  try {
    const key = `${SEEN_PREFIX}${version}`;
    if (localStorage.getItem(key)) return false;
    localStorage.setItem(key, '1');
    return true;
  } catch {
    // Storage refused (private mode): showing it every visit is the lesser evil than never.
    return true;
  }
}

function excerpt(body: string): string {
  return body
    .split(/\n\s*\n/)
    .filter((paragraph) => paragraph.trim() !== '')
    .slice(0, EXCERPT_PARAGRAPHS)
    .join('\n\n');
}

/** The pop-up notice: once per version of the notice on this device. */
export function HomePopup() {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  const { data: article } = useHomePopup();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (article && firstShowing(popupVersion(article))) setVisible(true);
  }, [article]);

  if (!article) return null;
  return (
    <Modal
      visible={visible}
      className="home-popup"
      title={article.title}
      content={
        <div className="home-popup__body" data-testid="home-popup">
          <Prose text={excerpt(article.body ?? article.summary)} />
        </div>
      }
      closeOnMaskClick
      onClose={() => setVisible(false)}
      actions={[
        { key: 'details', text: t('popup.details'), primary: true },
        // Modal actions take no data-* attributes in their type; the class is the tests' handle.
        { key: 'close', text: t('shell:actions.close'), className: 'home-popup__close' },
      ]}
      onAction={(action) => {
        setVisible(false);
        if (action.key === 'details') navigate(articlePath(article.id));
      }}
    />
  );
}
