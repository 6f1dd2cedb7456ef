//! Who is asking: the client's address, believed from `X-Forwarded-For` only when the request
//! comes through a configured proxy (`CONCIERGE_TRUSTED_PROXIES`); otherwise the TCP peer.
//! A header a client can set never decides whose counter a request counts against.

use std::net::IpAddr;

/// Addresses and networks (`10.0.0.0/8`, `::1`, `192.0.2.7`) whose `X-Forwarded-For` is
/// believed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TrustedProxies(Vec<(IpAddr, u8)>);

impl TrustedProxies {
    /// A comma-separated list; an entry that is not an address or a network is an error that
    /// names it.
    pub fn parse(list: &str) -> Result<TrustedProxies, String> {
        let mut networks = Vec::new();
        for entry in list.split(',').map(str::trim).filter(|e| !e.is_empty()) {
            let (addr, bits) = match entry.split_once('/') {
                Some((addr, bits)) => (addr, Some(bits)),
                None => (entry, None),
            };
            let addr: IpAddr = addr
                .parse()
                .map_err(|_| format!("{entry:?} is not an IP address or network"))?;
            let max = if addr.is_ipv4() { 32 } else { 128 };
            let bits = match bits {
                None => max,
                Some(bits) => bits
                    .parse::<u8>()
                    .ok()
                    .filter(|b| *b <= max)
                    .ok_or_else(|| format!("{entry:?} has a prefix length outside 0–{max}"))?,
            };
            networks.push((addr, bits));
        }
        Ok(TrustedProxies(networks))
    }

    pub fn contains(&self, ip: IpAddr) -> bool {
        let ip = canonical(ip);
        self.0
            .iter()
            .any(|&(net, bits)| match (canonical(net), ip) {
                (IpAddr::V4(net), IpAddr::V4(ip)) => prefix_eq(&net.octets(), &ip.octets(), bits),
                (IpAddr::V6(net), IpAddr::V6(ip)) => prefix_eq(&net.octets(), &ip.octets(), bits),
                _ => false,
            })
    }

    /// The client behind `peer`: the nearest address in `X-Forwarded-For` (read from the right)
    /// that is not a trusted proxy, when `peer` is one; else `peer`.
    pub fn client(&self, peer: IpAddr, forwarded_for: Option<&str>) -> IpAddr {
        let mut client = canonical(peer);
        if !self.contains(client) {
            return client;
        }
        for hop in forwarded_for.unwrap_or("").rsplit(',').map(str::trim) {
            match hop.parse::<IpAddr>() {
                Ok(ip) => {
                    client = canonical(ip);
                    if !self.contains(client) {
                        return client;
                    }
                }
                // Garbage: stop at the last hop a trusted proxy vouched for.
                Err(_) => return client,
            }
        }
        client
    }
}

/// IPv4 addresses seen through an IPv6 socket (`::ffff:192.0.2.7`) as IPv4.
fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    }
}

fn prefix_eq(a: &[u8], b: &[u8], bits: u8) -> bool {
    let (whole, rest) = ((bits / 8) as usize, bits % 8);
    if a[..whole] != b[..whole] {
        return false;
    }
    rest == 0 || {
        let mask = 0xffu8 << (8 - rest);
        a[whole] & mask == b[whole] & mask
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn forwarded_for_is_believed_only_from_a_trusted_proxy() {
        let proxies = TrustedProxies::parse("10.0.0.0/8, ::1").unwrap();
        let cases = [
            (
                "203.0.113.9",
                Some("198.51.100.1"),
                "203.0.113.9",
                "an untrusted peer's header is ignored",
            ),
            (
                "10.1.2.3",
                Some("198.51.100.1"),
                "198.51.100.1",
                "a trusted proxy's client",
            ),
            (
                "10.1.2.3",
                Some("198.51.100.1, 10.9.9.9"),
                "198.51.100.1",
                "a chain of trusted proxies",
            ),
            (
                "10.1.2.3",
                Some("6.6.6.6, 198.51.100.1"),
                "198.51.100.1",
                "the client cannot prepend a spoof",
            ),
            (
                "10.1.2.3",
                Some("not-an-ip"),
                "10.1.2.3",
                "garbage stops at the last trusted hop",
            ),
            ("10.1.2.3", None, "10.1.2.3", "no header"),
            (
                "::ffff:10.1.2.3",
                Some("198.51.100.1"),
                "198.51.100.1",
                "IPv4 through an IPv6 socket",
            ),
        ];
        for (peer, header, client, why) in cases {
            assert_eq!(proxies.client(ip(peer), header), ip(client), "{why}");
        }
        assert_eq!(
            TrustedProxies::default().client(ip("127.0.0.1"), Some("1.2.3.4")),
            ip("127.0.0.1")
        );
    }

    #[test]
    fn networks_match_by_prefix_and_bad_entries_are_named() {
        let proxies = TrustedProxies::parse("192.168.4.0/22,2001:db8::/32").unwrap();
        assert!(proxies.contains(ip("192.168.7.255")));
        assert!(!proxies.contains(ip("192.168.8.0")));
        assert!(proxies.contains(ip("2001:db8:ffff::1")));
        assert!(!proxies.contains(ip("2001:db9::1")));
        assert!(
            TrustedProxies::parse("10.0.0.0/33")
                .unwrap_err()
                .contains("10.0.0.0/33")
        );
        assert!(
            TrustedProxies::parse("proxy.local")
                .unwrap_err()
                .contains("proxy.local")
        );
    }
}
