# Учебната част на български: дъската на учителя, задачите, и какво всеки клиент показва до дъската
# преди първия ход и на бутона за подсказка (client/controls.py).

## Страницата на играча

study-puzzles-solved = Решени задачи: { $count }

## Преди първия ход, и бутонът за подсказка

study-notation-example = ходовете се записват така: { $moves }
study-hint-spectator = зрителите не получават подсказки
study-hint-not-playing = подсказки има само по време на игра
study-hint-rated = в игра за рейтинг няма подсказки: резултатът ѝ се отчита в рейтинга (разборът идва след края)
study-hint-hidden = в { $game } няма подсказки: това е игра със скрита информация и решаващата програма не вижда скритата част
study-hint-not-your-turn = подсказки има, когато сте на ход; сега е на ход { $who }
study-hint-no-bot = в игра срещу { $others } няма подсказки: подсказки има само в приятелски игри срещу бот на сървъра
study-list-and = { $first } и { $second }
study-nobody = никого

## Дървото на играта в терминала (F7), помощ (F1) и задачи (F12)

study-tree-drawing = дървото се изчертава...
study-tree-keys = Enter свиване/разгъване · o отвори позицията · d по-дълбоко · Esc затвори
study-tree-title = { $title }: дървото до { $depth } полухода (K: играчът на ход печели със своя K-ти ход; -K: губи най-късно с K-тия ход на противника; 0: играта е свършила). В печеливш възел само печелившите ходове, в губещ всички ходове.
study-tree-none = няма дърво: { $why }
study-tree-root = тази позиция
study-help-title = Помощ (Esc затваря)
study-help-moves = Ходове
study-help-keys = Клавиши тук
study-help-f1 = тази помощ
study-help-no-game = Изберете игра във фоайето: описанието ѝ казва какво е ход; в игра въведете хода в полето под дъската (или го изберете на дъската със стрелките и Enter).
study-help-notation-unknown = { $game }: ходовете се записват в нотацията на играта (вижте `grundy games`).
study-help-example = От началото, например: { $moves }.
study-help-example-more = От началото, например: { $moves } и други.
study-help-type = Въведете ход в полето под дъската и натиснете Enter или го изберете на дъската (стрелки, Enter).
study-puzzles-title = Задачи: намерете печелившия ход (Enter отваря, Esc назад)
study-puzzles-making = решаващата програма съставя задачите...
study-puzzle-placeholder = вашият ход, Enter
study-grade-easy = лесна
study-grade-medium = средна
study-grade-hard = трудна
study-puzzle-win-by = печели за { $k } х.
study-puzzles-intro = Задачи: { $count }, съставени от решаващата програма; лесна: печели веднага, трудна: с 4-ти ход или по-късно.
study-puzzle-notation = Ходовете се записват така: { $move }.
study-puzzle-illegal = тук няма такъв ход: { $why }
study-puzzle-right = Вярно: { $said } (решени: { $solved }; Esc: към списъка)
study-puzzle-wrong = Не този: { $said }
study-puzzles-solved-here = решени тук: { $solved } от { $count }
