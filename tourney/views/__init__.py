"""The pages, one module per audience: public, desk (the arbiter's round), setup (the
organizer), reports (printouts and downloads); http holds the typed requests they share."""
