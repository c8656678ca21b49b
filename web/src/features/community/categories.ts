import type { CommunityCategory } from "@folio/proto/community";

/**
 * proto's COMMUNITY_CATEGORIES, in the page's order. Repeated as a value because importing it from
 * `@folio/proto` would pull TypeBox into the bundle; a test keeps the two lists equal.
 */
export const CATEGORIES: readonly CommunityCategory[] = ["Growth", "Dividend", "Index", "Tech", "Crypto", "Other"];

/** The visitors' samples (services/portfolio/src/domain/samples.ts), as the dashboard shows them. */
export const SAMPLE_SLUGS: readonly string[] = ["sample-three-fund", "sample-tech-stocks", "sample-dividend-income"];
