import type { PictureData } from '../../components/picture'
import type { Localized } from '../../lib/localized'

export interface ServiceItem {
  id: number
  name: Localized
  description: Localized
  image: PictureData
  /** Design-system background class of the card, e.g. `bg-navy`. */
  tone: string
}

export interface Service {
  id: number
  name: Localized
  description: Localized
  content: Localized
  image: PictureData
  color: string
  url: string
  coming_soon: boolean
  items: ServiceItem[]
}

export interface ServicesExplorerProps {
  services: Service[]
}
