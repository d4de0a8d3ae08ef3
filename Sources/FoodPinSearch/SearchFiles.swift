import Foundation
import FoodPinBase
import FoodPinModel

/// The search's files, as the search box reads them: `search.json` (the entrance), the filter and
/// sort columns, the list cards, the full-text index's list, shards and common terms' parts, and
/// the words typos are forgiven from. `card`: a restaurant's list card, as the list shows it.
package enum SearchFiles {
    /// `cardTemplates`: those `card` renders with.
    package static func kinds(_ site: Site, terms: TermIndex, cardDigests: [ContentDigest], cardTemplates: [String],
                              card: @escaping @Sendable (Int) -> String) -> [any FileKind] {
        let typoWords = TypoWords(terms.terms)
        let entrance = OneFile(at: "search.json", delivered: .entrance, digest: .of { writer in
            for group in site.cities + site.cuisines {
                writer.write(group.name)
                writer.write(group.slug)
            }
            writer.write(site.restaurants.count)
            writer.write(SearchIndex.hasHours(site))
        }) { SearchIndex.manifest(site) }
        // Each shows its restaurants' cards and what they hold. The search's files under fixed names
        // go up with the pages, after the common terms' parts the term shards name.
        let attributes = NumberedFiles(count: SearchIndex.attributeCount(site), delivered: .page,
                                       pathOf: { "\(SearchIndex.attributeFolder)/\($0).json" },
                                       inputsOf: { number in
                                           let range = SearchIndex.attributeRange(number, of: site)
                                           return .of { $0.write(Array(cardDigests[range])); $0.write(range.lowerBound) }
                                       },
                                       make: { SearchIndex.attributes(site, number: $0) })
        // A shard's cards link to pages: it goes up with them.
        let shards = NumberedFiles(count: SearchIndex.shardCount(site), delivered: .page, templates: cardTemplates,
                                   pathOf: { "\(SearchIndex.shardFolder)/\($0).json" },
                                   inputsOf: { number in .of { $0.write(Array(cardDigests[SearchIndex.shardRange(number, of: site)])) } },
                                   make: { Data(SearchIndex.shard(site, number: $0, card: card).utf8) })
        let termList = OneFile(at: TermIndex.manifestPath, delivered: .entrance, digest: .of { $0.write(terms.shards.map(\.digest)) }) {
            terms.manifest(language: site.config.language)
        }
        let termShards = NumberedFiles(count: terms.shards.count, delivered: .page, pathOf: { TermIndex.path(of: terms.shards[$0]) },
                                       inputsOf: { terms.shards[$0].digest }, make: { terms.json($0) })
        let termParts = NumberedFiles(count: terms.parts.count, delivered: .part, pathOf: { TermIndex.path(of: terms.parts[$0]) },
                                      inputsOf: { terms.parts[$0].digest }, make: { terms.json(terms.parts[$0]) })
        let words = NumberedFiles(count: typoWords.parts.count, delivered: .page, pathOf: { TypoWords.path(of: typoWords.parts[$0]) },
                                  inputsOf: { typoWords.parts[$0].digest }, make: { TypoWords.encode(typoWords.parts[$0].words) })
        return [entrance, attributes, shards, termList, termShards, termParts, words]
    }
}
