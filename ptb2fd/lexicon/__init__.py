"""The lexicon: words, their base forms and their categories.

Owns WordNet (shipped as data/wordnet-3.0.tar.xz, `wordnet`, `wordnet_pack`), NLTK's
morphy on cached tables (`morphy`), base forms with lemminflect and the
rules of baseforms.yaml (`lemmas`), the factored categories of
categories.yaml (`categories`), and the words WordNet spells only with a
capital (`dictionary_case`).

May import: cache, errors, nltk_import, rulelang.
"""
