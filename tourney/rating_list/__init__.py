"""The FIDE rating list kept in the database: the files FIDE publishes read
(:mod:`.parser`, the standard library only, no Django), stored and searched (:mod:`.store`)."""
