import { Swiper } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { bannerTarget, type HomeArticle } from './api.ts';

/** Auto-playing banners; each opens its in-app route or its article. */
export function HomeBanners({ banners }: { banners: HomeArticle[] }) {
  const navigate = useNavigate();
  if (banners.length === 0) return null;
  const several = banners.length > 1;
  return (
    <div className="home-banner" data-testid="home-banner">
      <Swiper autoplay={several} loop={several} autoplayInterval={4000} indicator={several ? undefined : false} indicatorProps={{ className: 'home-banner__dots' }}>
        {banners.map((banner) => (
          <Swiper.Item key={banner.id} className="home-banner__slide" onClick={() => navigate(bannerTarget(banner))}>
            {banner.image ? <img src={banner.image} alt="" className="home-banner__image" draggable={false} /> : null}
            <div className="home-banner__caption">
              <div className="home-banner__title">{banner.title}</div>
              {banner.summary && banner.summary !== banner.title ? <div className="home-banner__summary">{banner.summary}</div> : null}
            </div>
          </Swiper.Item>
        ))}
      </Swiper>
    </div>
  );
}
