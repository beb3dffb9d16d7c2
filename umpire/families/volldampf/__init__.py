
WORDS = "volldampf"          # its section of the order words in umpire/locale/keywords.yaml
