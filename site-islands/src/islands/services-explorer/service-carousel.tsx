import { useTranslation } from 'react-i18next'
import { Carousel } from '../../components/carousel'
import { LangText } from '../../components/lang-text'
import { Picture } from '../../components/picture'
import { SERVICE_CARDS } from '../../components/use-carousel'
import { textOf } from '../../lib/localized'
import { ComingSoon } from './coming-soon'
import type { Service } from './types'

/** One service's list of items: 1, 2 or 6 cards per view (spec section 9). */
export function ServiceCarousel({ service }: { service: Service }) {
  const { t } = useTranslation()
  return (
    <Carousel
      className="service-carousel"
      items={service.items}
      rules={SERVICE_CARDS}
      label={textOf(service.name)}
      prevLabel={t('services.previous')}
      nextLabel={t('services.next')}
      itemKey={(item) => item.id}
      slideLabel={(item) => textOf(item.name)}
      slideClassName={(item) => `item-card ${item.tone}`}
      renderSlide={(item) => (
        <>
          <span className="item-media">
            <Picture image={item.image} draggable={false} />
            {service.coming_soon && <ComingSoon label={t('services.comingSoon')} />}
          </span>
          <LangText as="h3" className="item-title" text={item.name} />
          <LangText as="p" text={item.description} />
        </>
      )}
    />
  )
}
