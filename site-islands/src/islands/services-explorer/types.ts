import type { PictureData } from '../../components/picture'

export interface ServiceItem {
  id: number
  name: string
  description: string
  image: PictureData
  /** Design-system background class of the card, e.g. `bg-navy`. */
  tone: string
}

export interface Service {
  id: number
  name: string
  description: string
  content: string
  image: PictureData
  color: string
  url: string
  coming_soon: boolean
  items: ServiceItem[]
}

export interface ServicesExplorerProps {
  services: Service[]
}
