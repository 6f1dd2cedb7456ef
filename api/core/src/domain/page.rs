//! Pagination bounds of the API contract.

use serde::Deserialize;

use crate::error::ApiError;

/// Largest page size an anonymous client may ask for.
pub const ANONYMOUS_MAX_SIZE: u64 = 100;
/// Largest page size an administrator may ask for (the Excel export reads 10000 rows).
pub const ADMIN_MAX_SIZE: u64 = 10_000;
const MAX_PAGE: u64 = 1_000_000;

/// `?page=&size=` as sent; parsed by [`Paging::parse`] so that bad values get a clear 400.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PagingQuery {
    /// 1-based page number (default 1).
    #[param(value_type = Option<u64>, minimum = 1, maximum = 1000000)]
    pub page: Option<String>,
    /// Page size (default 10; up to 100 anonymously, 10000 for administrators).
    #[param(value_type = Option<u64>, minimum = 1, maximum = 10000)]
    pub size: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Paging {
    /// 1-based.
    pub page: u64,
    pub size: u64,
}

impl Paging {
    pub fn parse(query: &PagingQuery, admin: bool) -> Result<Self, ApiError> {
        let max_size = if admin {
            ADMIN_MAX_SIZE
        } else {
            ANONYMOUS_MAX_SIZE
        };
        let page = bounded(query.page.as_deref(), "page", 1, 1, MAX_PAGE)?;
        let size = bounded(query.size.as_deref(), "size", 10, 1, max_size)?;
        Ok(Paging { page, size })
    }

    pub fn offset(&self) -> u64 {
        (self.page - 1) * self.size
    }
}

fn bounded(
    raw: Option<&str>,
    name: &str,
    default: u64,
    min: u64,
    max: u64,
) -> Result<u64, ApiError> {
    // Missing means the default; present but empty is a mistake like any other.
    let Some(raw) = raw.map(str::trim) else {
        return Ok(default);
    };
    match raw.parse::<u64>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(ApiError::validation(
            name,
            crate::domain::rules::catalog()
                .messages
                .query_number
                .with("name", name)
                .with("min", min)
                .with("max", max),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(page: &str, size: &str) -> PagingQuery {
        PagingQuery {
            page: Some(page.into()),
            size: Some(size.into()),
        }
    }

    #[test]
    fn defaults_are_page_one_of_ten() {
        assert_eq!(
            Paging::parse(&PagingQuery::default(), false).unwrap(),
            Paging { page: 1, size: 10 }
        );
    }

    #[test]
    fn anonymous_clients_are_capped_at_100_and_admins_at_10000() {
        assert!(Paging::parse(&q("1", "100"), false).is_ok());
        let err = Paging::parse(&q("1", "101"), false).unwrap_err();
        assert_eq!(err.to_string(), "size must be a whole number from 1 to 100");
        assert!(Paging::parse(&q("1", "10000"), true).is_ok());
        assert!(Paging::parse(&q("1", "10001"), true).is_err());
    }

    #[test]
    fn zero_negative_huge_and_non_numeric_values_are_refused() {
        for (page, size) in [
            ("0", "10"),
            ("-1", "10"),
            ("1", "0"),
            ("abc", "10"),
            ("1", "1e3"),
            ("99999999999999999999999", "10"),
            ("1", "2.5"),
        ] {
            assert!(
                Paging::parse(&q(page, size), true).is_err(),
                "{page} {size}"
            );
        }
    }

    #[test]
    fn offset_counts_from_page_one() {
        assert_eq!(Paging { page: 3, size: 10 }.offset(), 20);
    }
}
