import { useRef, useState, type KeyboardEvent, type MouseEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { ArrowIcon } from '../../components/icons'
import { LangText } from '../../components/lang-text'
import { Picture } from '../../components/picture'
import { useHydrated } from '../../lib/use-hydrated'
import { ComingSoon } from './coming-soon'
import { ServiceCarousel } from './service-carousel'
import type { ServicesExplorerProps } from './types'

/**
 * `/services`: a picker of every service and the selected one's name, content and list of
 * items. The server renders the first service selected; without JavaScript the picker's
 * links lead to each service's page. Everything comes from props: no request on selection.
 */
export default function ServicesExplorer({ services }: ServicesExplorerProps) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const [selectedId, setSelectedId] = useState(services[0]?.id)
  const tabs = useRef<(HTMLAnchorElement | null)[]>([])
  const selected = services.find((s) => s.id === selectedId) ?? services[0]
  if (!selected) return null

  const panelId = 'service-panel'
  const tabId = (id: number) => `service-tab-${id}`

  function choose(event: MouseEvent<HTMLAnchorElement>, id: number) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
    event.preventDefault()
    setSelectedId(id)
  }

  function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
    const current = services.findIndex((s) => s.id === selected.id)
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl'
    const step: Record<string, number> = {
      ArrowRight: rtl ? -1 : 1,
      ArrowLeft: rtl ? 1 : -1,
      ArrowDown: 1,
      ArrowUp: -1,
    }
    let target: number
    if (event.key in step) target = (current + step[event.key] + services.length) % services.length
    else if (event.key === 'Home') target = 0
    else if (event.key === 'End') target = services.length - 1
    else return
    event.preventDefault()
    setSelectedId(services[target].id)
    tabs.current[target]?.focus()
  }

  return (
    <div className="services-explorer">
      <div
        className="service-picker"
        role={hydrated ? 'tablist' : 'group'}
        aria-label={t('services.title')}
        onKeyDown={hydrated ? moveFocus : undefined}
      >
        {services.map((service, i) => {
          const active = service.id === selected.id
          return (
            <a
              key={service.id}
              ref={(el) => {
                tabs.current[i] = el
              }}
              href={service.url}
              id={tabId(service.id)}
              className={`service-tab${active ? ' is-active' : ''}`}
              style={{ '--tone': service.color } as React.CSSProperties}
              role={hydrated ? 'tab' : undefined}
              aria-selected={hydrated ? active : undefined}
              aria-current={hydrated ? undefined : active ? 'true' : undefined}
              aria-controls={hydrated ? panelId : undefined}
              tabIndex={hydrated && !active ? -1 : undefined}
              onClick={(event) => choose(event, service.id)}
            >
              <span className="service-tab-media">
                <Picture image={service.image} draggable={false} />
                {service.coming_soon && <ComingSoon label={t('services.comingSoon')} />}
              </span>
              <LangText as="span" className="service-tab-name" text={service.name} />
            </a>
          )
        })}
      </div>

      <section
        className="service-panel"
        id={panelId}
        role={hydrated ? 'tabpanel' : undefined}
        aria-labelledby={hydrated ? tabId(selected.id) : 'service-panel-title'}
      >
        <header className="service-panel-head">
          <LangText as="h2" id="service-panel-title" className="section-title" text={selected.name} />
          <LangText as="p" className="section-intro" text={selected.content} />
          <a className="text-link" href={selected.url}>
            {t('services.explore')} <ArrowIcon className="icon icon-flip" />
          </a>
        </header>
        <ServiceCarousel key={selected.id} service={selected} />
      </section>
    </div>
  )
}
