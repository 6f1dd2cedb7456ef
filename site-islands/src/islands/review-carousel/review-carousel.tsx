import { useTranslation } from 'react-i18next'
import { Carousel } from '../../components/carousel'
import { Picture, type PictureData } from '../../components/picture'
import type { PerViewRules } from '../../components/use-carousel'

export interface Review {
  name: string
  title: string
  text: string
  image: PictureData
}

const REVIEWS_PER_VIEW: PerViewRules = {
  rules: [
    { maxWidth: 768, perView: 1 },
    { maxWidth: 1024, perView: 2 },
  ],
  otherwise: 3,
}

/** Clients' words on the home page. */
export default function ReviewCarousel({ reviews }: { reviews: Review[] }) {
  const { t } = useTranslation()
  return (
    <Carousel
      className="review-carousel"
      items={reviews}
      rules={REVIEWS_PER_VIEW}
      label={t('home.reviews.title')}
      prevLabel={t('services.previous')}
      nextLabel={t('services.next')}
      itemKey={(review) => `${review.name}|${review.title}`}
      slideLabel={(review) => review.name}
      slideClassName={() => 'review'}
      renderSlide={(review) => (
        <figure>
          <blockquote>
            <p>{review.text}</p>
          </blockquote>
          <figcaption>
            <Picture image={review.image} />
            <span>
              <strong>{review.name}</strong>
              <span>{review.title}</span>
            </span>
          </figcaption>
        </figure>
      )}
    />
  )
}
