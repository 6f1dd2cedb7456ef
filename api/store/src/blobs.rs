//! Object storage behind media and the generated site: a local directory (`file://…`) or any
//! S3-compatible bucket (`s3://bucket/prefix`, configured by the standard AWS variables:
//! `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_REGION`, `AWS_ENDPOINT_URL`…).

use std::sync::Arc;

use anyhow::Context;
/// The bytes of a stored object (named by callers without their depending on `bytes`).
pub use bytes::Bytes;
use object_store::aws::AmazonS3Builder;
use object_store::local::LocalFileSystem;
use object_store::path::Path;
use object_store::{
    GetOptions, GetRange, GetResult, ObjectMeta, ObjectStore, ObjectStoreExt, PutPayload,
};

/// A request the object store failed: a disk's error, whatever its errno (a rename may fail
/// with any of a dozen), or a bucket that did not answer. It is the store's trouble, never the
/// request's: [`crate::classify`] answers it 503 with `Retry-After`, and workers retry it.
#[derive(Debug)]
pub struct StoreFailed {
    what: String,
    source: object_store::Error,
}

impl std::fmt::Display for StoreFailed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.what)
    }
}

impl std::error::Error for StoreFailed {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.source)
    }
}

pub(crate) fn failed(what: String, source: object_store::Error) -> anyhow::Error {
    anyhow::Error::new(StoreFailed { what, source })
}

#[derive(Clone, Debug)]
pub struct BlobStore {
    inner: Arc<dyn ObjectStore>,
    prefix: Option<Path>,
    url: String,
}

impl BlobStore {
    /// Opens the store named by `url`.
    pub fn open(url: &str) -> anyhow::Result<Self> {
        Self::open_with(url, |b| b)
    }

    /// Opens the store named by `url`; `configure` may adjust an S3 builder (tests point it at
    /// a local server).
    pub fn open_with(
        url: &str,
        configure: impl FnOnce(AmazonS3Builder) -> AmazonS3Builder,
    ) -> anyhow::Result<Self> {
        if let Some(dir) = url.strip_prefix("file://") {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("Failed to create the directory {dir}"))?;
            let local = LocalFileSystem::new_with_prefix(dir)
                .with_context(|| format!("Failed to open the directory {dir}"))?;
            return Ok(BlobStore {
                inner: Arc::new(local),
                prefix: None,
                url: url.to_owned(),
            });
        }
        if let Some(rest) = url.strip_prefix("s3://") {
            let (bucket, prefix) = rest.split_once('/').unwrap_or((rest, ""));
            anyhow::ensure!(
                !bucket.is_empty(),
                "{url:?} names no bucket (s3://bucket/prefix)"
            );
            let mut builder = AmazonS3Builder::from_env().with_bucket_name(bucket);
            let endpoint = std::env::var("AWS_ENDPOINT_URL").unwrap_or_default();
            if endpoint.starts_with("http://") {
                builder = builder.with_allow_http(true);
            }
            if std::env::var("AWS_REGION").is_err() && std::env::var("AWS_DEFAULT_REGION").is_err()
            {
                builder = builder.with_region("us-east-1");
            }
            let s3 = configure(builder)
                .build()
                .with_context(|| format!("Failed to configure the bucket of {url}"))?;
            let prefix = prefix.trim_matches('/');
            let prefix = (!prefix.is_empty()).then(|| Path::from(prefix));
            return Ok(BlobStore {
                inner: Arc::new(s3),
                prefix,
                url: url.to_owned(),
            });
        }
        anyhow::bail!("unsupported store {url:?}: use file:///path or s3://bucket/prefix")
    }

    pub fn url(&self) -> &str {
        &self.url
    }

    fn path(&self, name: &str) -> Path {
        // `Path::from` splits on `/` (nested pages); `join` would encode it as one part.
        match &self.prefix {
            Some(prefix) => Path::from(format!("{prefix}/{name}")),
            None => Path::from(name),
        }
    }

    /// Writes an object in one request: readers see the old object or the new one, never a part.
    pub async fn put(&self, name: &str, bytes: Bytes) -> anyhow::Result<()> {
        self.inner
            .put(&self.path(name), PutPayload::from_bytes(bytes))
            .await
            .map_err(|e| failed(format!("Failed to store {name} in {}", self.url), e))?;
        Ok(())
    }

    /// The object's metadata, or `None` when there is no such object.
    pub async fn head(&self, name: &str) -> anyhow::Result<Option<ObjectMeta>> {
        match self.inner.head(&self.path(name)).await {
            Ok(meta) => Ok(Some(meta)),
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(e) => Err(failed(
                format!("Failed to look up {name} in {}", self.url),
                e,
            )),
        }
    }

    /// The object (or a byte range of it), or `None` when there is no such object.
    pub async fn get(
        &self,
        name: &str,
        range: Option<GetRange>,
    ) -> anyhow::Result<Option<GetResult>> {
        let options = GetOptions {
            range,
            ..Default::default()
        };
        match self.inner.get_opts(&self.path(name), options).await {
            Ok(result) => Ok(Some(result)),
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(e) => Err(failed(
                format!("Failed to read {name} from {}", self.url),
                e,
            )),
        }
    }

    /// The whole object, or `None`.
    pub async fn read(&self, name: &str) -> anyhow::Result<Option<Bytes>> {
        match self.get(name, None).await? {
            Some(result) => {
                Ok(Some(result.bytes().await.map_err(|e| {
                    failed(format!("Failed to read {name}"), e)
                })?))
            }
            None => Ok(None),
        }
    }

    /// Every object name under the store (relative to its prefix).
    pub async fn list(&self) -> anyhow::Result<Vec<String>> {
        use futures_util::TryStreamExt;
        let metas: Vec<ObjectMeta> = self
            .inner
            .list(self.prefix.as_ref())
            .try_collect()
            .await
            .map_err(|e| failed(format!("Failed to list {}", self.url), e))?;
        let skip = self
            .prefix
            .as_ref()
            .map(|p| p.as_ref().len() + 1)
            .unwrap_or(0);
        Ok(metas
            .into_iter()
            .map(|m| m.location.as_ref()[skip..].to_owned())
            .collect())
    }

    /// Moves an object to another name (a copy, then the delete, where the store has no
    /// rename); an object already gone is fine (a move done before is not done twice).
    pub async fn rename(&self, from: &str, to: &str) -> anyhow::Result<()> {
        match self.inner.rename(&self.path(from), &self.path(to)).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(e) => Err(failed(
                format!("Failed to move {from} to {to} in {}", self.url),
                e,
            )),
        }
    }

    pub async fn delete(&self, name: &str) -> anyhow::Result<()> {
        match self.inner.delete(&self.path(name)).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(e) => Err(failed(
                format!("Failed to delete {name} from {}", self.url),
                e,
            )),
        }
    }
}

impl BlobStore {
    /// Opens one of the configured stores (`media_store`, `site_store`).
    pub fn open_configured(
        settings: &concierge_core::config::Settings,
        url: &str,
    ) -> anyhow::Result<BlobStore> {
        BlobStore::open_with(url, |builder| match &settings.s3_overrides {
            Some(o) => builder
                .with_endpoint(&o.endpoint)
                .with_allow_http(o.endpoint.starts_with("http://"))
                .with_access_key_id(&o.access_key_id)
                .with_secret_access_key(&o.secret_access_key)
                .with_region("us-east-1"),
            None => builder,
        })
    }
}
