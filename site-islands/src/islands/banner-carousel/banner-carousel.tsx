import { useTranslation } from 'react-i18next'
import { Carousel } from '../../components/carousel'
import { ArrowIcon } from '../../components/icons'
import { LangText } from '../../components/lang-text'
import { Picture, type PictureData } from '../../components/picture'
import type { PerViewRules } from '../../components/use-carousel'
import { textOf, type Localized } from '../../lib/localized'

export interface Banner {
  title: Localized
  sub_title: Localized
  image: PictureData
  url: string | null
}

const ONE_AT_A_TIME: PerViewRules = { rules: [], otherwise: 1 }

/** The home page's seasonal banners, one at a time. */
export default function BannerCarousel({ banners }: { banners: Banner[] }) {
  const { t } = useTranslation()
  return (
    <Carousel
      className="banner-carousel"
      items={banners}
      rules={ONE_AT_A_TIME}
      label={t('home.banners.title')}
      prevLabel={t('services.previous')}
      nextLabel={t('services.next')}
      itemKey={(banner) => `${textOf(banner.title)}|${banner.image.src}`}
      slideLabel={(banner) => textOf(banner.title)}
      slideClassName={() => 'banner'}
      dots
      renderSlide={(banner) => (
        <>
          <Picture image={banner.image} draggable={false} />
          <div className="banner-text">
            <LangText as="h3" text={banner.title} />
            {textOf(banner.sub_title) && <LangText as="p" text={banner.sub_title} />}
            {banner.url && (
              <a className="button button-gold" href={banner.url}>
                {t('services.explore')} <ArrowIcon className="icon icon-flip" />
              </a>
            )}
          </div>
        </>
      )}
    />
  )
}
