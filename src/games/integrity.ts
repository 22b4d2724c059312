// What a node checks before it opens its store: the signed manifest over everything that decides
// or pays an outcome (MANIFEST_SCOPE) and the trust anchor, the manifest key's fingerprint as
// configured outside the repository. Staging and production refuse to start on either failing;
// development and test start with a warning, so work in progress can run unsigned.
import {
  checkManifest,
  checkTrustAnchor,
  currentListing,
  type ManifestCheck,
  manifestFiles,
  ROOT_DIR,
  readManifest,
  readManifestKey,
  type TrustAnchorCheck,
} from './manifest.ts';

export interface IntegrityVerdict {
  /** Why the node must not start, or null. */
  refusal: string | null;
  /** What is wrong but tolerated in development and test. */
  warnings: string[];
  manifest: ManifestCheck;
  anchor: TrustAnchorCheck;
}

const strictEnv = (appEnv: string) => appEnv === 'production' || appEnv === 'staging';

/** The pure decision: refuse (strict environments) or warn, from the two checks. */
export function integrityVerdict(
  appEnv: string,
  manifest: ManifestCheck,
  anchor: TrustAnchorCheck,
): IntegrityVerdict {
  const failures: string[] = [];
  if (!anchor.ok) failures.push(`trust anchor: ${anchor.detail}`);
  if (!manifest.ok)
    failures.push(
      `game manifest check failed (${manifest.reason}): ${manifest.problems.slice(0, 10).join('; ')}`,
    );
  if (failures.length === 0) return { refusal: null, warnings: [], manifest, anchor };
  if (strictEnv(appEnv))
    return {
      refusal: `refusing to start in ${appEnv}: ${failures.join(' | ')}`,
      warnings: [],
      manifest,
      anchor,
    };
  return {
    refusal: null,
    warnings: failures.map((f) => `${f} (tolerated in ${appEnv}; staging and production refuse to start)`),
    manifest,
    anchor,
  };
}

/** Checks the files under `root` (the server's own tree unless a test passes a copy). */
export function checkStartupIntegrity(
  appEnv: string,
  configuredFingerprint: string | undefined,
  root: URL = ROOT_DIR,
): IntegrityVerdict {
  const key = readManifestKey(root);
  const manifest = checkManifest(readManifest(root), key, currentListing(manifestFiles(root), root));
  return integrityVerdict(appEnv, manifest, checkTrustAnchor(key, configuredFingerprint));
}
