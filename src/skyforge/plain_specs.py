"""Plain checks of the user's file models, generated from the pydantic models by
tools/gen_plain_specs.py: do not edit by hand (a test checks it is current).

Per field: attribute name, kind (``None``: only the pydantic model checks it),
whether it is required, and its default. Read by :mod:`skyforge.plain`.
"""

# fmt: off
SPECS = {
    'deck': {'model': 'DeckFile',
     'fields': {'schema': {'attr': 'schema_',
                           'kind': ('int', {'ge': 1}, None),
                           'required': False,
                           'default': 1},
                'name': {'attr': 'name',
                         'kind': ('str', {'min_length': 1}, None),
                         'required': True,
                         'default': None},
                'castle': {'attr': 'castle',
                           'kind': ('str', {'min_length': 1}, None),
                           'required': True,
                           'default': None},
                'player': {'attr': 'player',
                           'kind': ('opt', {}, ('str', {}, None)),
                           'required': False,
                           'default': None},
                'cards': {'attr': 'cards',
                          'kind': ('dict', {}, ('int', {'ge': 1}, None)),
                          'required': False,
                          'default': {}}}},
    'collection': {'model': 'CollectionFile',
     'fields': {'schema': {'attr': 'schema_',
                           'kind': ('int', {'ge': 1}, None),
                           'required': False,
                           'default': 1},
                'products': {'attr': 'products',
                             'kind': ('dict', {}, ('int', {'ge': 0}, None)),
                             'required': False,
                             'default': {}},
                'cards': {'attr': 'cards',
                          'kind': ('dict', {}, ('int', {'ge': 0}, None)),
                          'required': False,
                          'default': {}}}},
}
