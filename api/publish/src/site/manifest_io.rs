//! The publisher's side of the manifest on the site store: reading it (or the copy kept from
//! the last publish), writing the parts that changed and their index, and the intent a publish
//! records before it changes a file.

use super::*;

impl Publisher {
    /// The manifest the store holds: the one remembered from the last publish when the index
    /// is the one it wrote (with the outputs that publish wanted), else the parts' files read,
    /// with the intent of a publish that did not finish applied. `None` when there is none, or
    /// it is not whole (then a full build mends everything); an error when a file could not be
    /// read (the publish is tried again: an intent that could not be read is not no intent).
    pub(super) async fn read_manifest(&self) -> anyhow::Result<Option<Stored>> {
        let (index, intent_text) = futures_util::try_join!(
            self.output.read_file(MANIFEST_FILE),
            self.output.read_file(INTENT_FILE)
        )?;
        let remembered = self.remembered.lock().expect("not poisoned").take();
        let Some(index) = index else {
            return Ok(None);
        };
        let intent = match &intent_text {
            Some(text) => match Intent::parse(text) {
                Some(intent) => intent,
                None => return Ok(None),
            },
            None => Intent::default(),
        };
        if let Some(r) = remembered
            && intent_text.is_none()
            && r.parts.index == index
        {
            return Ok(Some(Stored {
                manifest: r.manifest,
                parts: Some(r.parts),
                last: r.last,
                ..Stored::default()
            }));
        }
        let mut manifest = Manifest::default();
        let parts = match Index::parse(&index) {
            None => return Ok(None),
            Some(Index::Shards(listed)) => {
                let texts = futures_util::future::try_join_all(
                    listed
                        .keys()
                        .map(|shard| async move { self.output.read_file(&shard.file()).await }),
                )
                .await?;
                let mut digests = BTreeMap::new();
                for ((shard, listed), text) in listed.into_iter().zip(texts) {
                    let Some(text) = text else {
                        return Ok(None);
                    };
                    let digest = crate::manifest::part_digest(&text);
                    // Only a publish that died between its parts and its index (it left its
                    // intent) leaves a part the index does not name as it is.
                    if digest != listed && intent_text.is_none() {
                        return Ok(None);
                    }
                    if manifest.read_shard(shard, &text).is_none() {
                        return Ok(None);
                    }
                    digests.insert(shard, digest);
                }
                Some(Parts { index, digests })
            }
            // The one file of old: every part is written at the end of this publish.
            Some(Index::Whole(whole)) => {
                manifest = whole;
                manifest.mark_all_dirty();
                None
            }
        };
        intent.apply(&mut manifest);
        Ok(Some(Stored {
            manifest,
            parts,
            last: None,
            intent,
            intent_text,
        }))
    }

    /// Writes the parts of `manifest` that changed (and removes those left empty), then the
    /// index, which names each part with its digest. `parts` is the index as it was; returns
    /// it as it is now.
    pub(super) async fn write_manifest(
        &self,
        manifest: &mut Manifest,
        mut parts: Parts,
    ) -> anyhow::Result<Parts> {
        let mut files = Vec::new();
        let mut emptied = BTreeSet::new();
        for shard in manifest.take_dirty() {
            let text = manifest.shard_text(shard);
            if text.is_empty() {
                emptied.insert(shard.file());
                parts.digests.remove(&shard);
            } else {
                parts
                    .digests
                    .insert(shard, crate::manifest::part_digest(&text));
                files.push(Page {
                    path: shard.file(),
                    bytes: text.into_bytes(),
                });
            }
        }
        debug_assert!(manifest.shards().eq(parts.digests.keys().copied()));
        self.write_all(files).await?;
        let index = crate::manifest::index_text(&parts.digests);
        if index != parts.index {
            self.write_file(MANIFEST_FILE, index.clone().into_bytes())
                .await?;
            parts.index = index;
        }
        // Only once the index no longer lists them.
        self.remove(&emptied).await?;
        Ok(parts)
    }

    /// Writes `intent` to the store unless the store holds it already (`on_disk`).
    pub(super) async fn note_intent(
        &self,
        intent: &Intent,
        on_disk: &mut Option<String>,
    ) -> anyhow::Result<()> {
        if intent.outputs.is_empty() && on_disk.is_none() {
            return Ok(());
        }
        let text = intent.to_text();
        if on_disk.as_ref() != Some(&text) {
            self.write_file(INTENT_FILE, text.clone().into_bytes())
                .await?;
            *on_disk = Some(text);
        }
        Ok(())
    }
}
