from hotseat.cli import main

raise SystemExit(main())
