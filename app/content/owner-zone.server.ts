/**
 * The owner's time zone (docs/decisions/111): OWNER_TIME_ZONE, else the zone the course release
 * is announced in (content/site/events.yml, where the owner states their dates), else UTC.
 */
import { getConfig } from '~/config.server'
import { eventsOf } from '~/content/site-content.server'
import { isTimeZone } from '~/domain/time'

export function ownerTimeZone(): string {
	const configured = getConfig().OWNER_TIME_ZONE
	if (configured) return configured
	const release = eventsOf('course')[0]?.timeZone
	return release && isTimeZone(release) ? release : 'UTC'
}
