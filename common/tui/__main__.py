from common.tui.cli import main

raise SystemExit(main())
