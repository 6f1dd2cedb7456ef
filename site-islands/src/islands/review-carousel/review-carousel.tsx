import { useTranslation } from 'react-i18next'
import { Carousel } from '../../components/carousel'
import { LangText } from '../../components/lang-text'
import { Picture, type PictureData } from '../../components/picture'
import type { PerViewRules } from '../../components/use-carousel'
import { textOf, type Localized } from '../../lib/localized'

export interface Review {
  name: Localized
  title: Localized
  text: Localized
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
      itemKey={(review) => `${textOf(review.name)}|${textOf(review.title)}`}
      slideLabel={(review) => textOf(review.name)}
      slideClassName={() => 'review'}
      renderSlide={(review) => (
        <figure>
          {/* The quotation, its opening mark included, in the language of its words. */}
          <LangText as="blockquote" text={review.text}>
            {(text) => <p>{text}</p>}
          </LangText>
          <figcaption>
            <Picture image={review.image} />
            <span>
              <LangText as="strong" text={review.name} />
              <LangText as="span" text={review.title} />
            </span>
          </figcaption>
        </figure>
      )}
    />
  )
}
