import { useTranslation } from 'react-i18next'
import { Carousel } from '../../components/carousel'
import { Picture } from '../../components/picture'
import { SERVICE_CARDS } from '../../components/use-carousel'
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
      label={service.name}
      prevLabel={t('services.previous')}
      nextLabel={t('services.next')}
      itemKey={(item) => item.id}
      slideLabel={(item) => item.name}
      slideClassName={(item) => `item-card ${item.tone}`}
      renderSlide={(item) => (
        <>
          <span className="item-media">
            <Picture image={item.image} draggable={false} />
            {service.coming_soon && <ComingSoon label={t('services.comingSoon')} />}
          </span>
          <h3 className="item-title">{item.name}</h3>
          <p>{item.description}</p>
        </>
      )}
    />
  )
}
