//! What the migrations build their tables with: the two timestamps every content table has, and
//! an index created only when it is missing.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

/// `created_at` and `updated_at`, as every content table has them.
pub(super) fn stamps(mut table: TableCreateStatement) -> TableCreateStatement {
    table
        .col(timestamp_with_time_zone("created_at"))
        .col(timestamp_with_time_zone("updated_at"));
    table
}

/// An index on `cols` of `table`, created only when it is missing.
pub(super) fn index(
    name: impl Into<String>,
    table: &'static str,
    cols: &[&'static str],
) -> IndexCreateStatement {
    let mut index = Index::create();
    index.name(name).table(table).if_not_exists();
    for col in cols {
        index.col(*col);
    }
    index.take()
}
