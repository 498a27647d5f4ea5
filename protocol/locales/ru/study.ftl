# Учебная часть по-русски: доска учителя, задачи, и что каждый клиент показывает у доски до
# первого хода и на кнопке подсказки (client/controls.py).

## Страница игрока

study-puzzles-solved = Решено задач: { $count }

## До первого хода, и кнопка подсказки

study-notation-example = ходы записываются так: { $moves }
study-hint-spectator = зрителям подсказки не даются
study-hint-not-playing = подсказки даются только во время игры
study-hint-rated = в рейтинговой игре подсказок нет: её результат идёт в рейтинг (разбор будет после окончания)
study-hint-hidden = в игре { $game } подсказок нет: это игра со скрытой информацией, и решатель не видит скрытую часть
study-hint-not-your-turn = подсказки даются на вашем ходу; сейчас ходит { $who }
study-hint-no-bot = в игре против { $others } подсказок нет: подсказки даются только в товарищеских играх против бота сервера
study-list-and = { $first } и { $second }
study-nobody = никого

## Дерево игры в терминале (F7), справка (F1) и задачи (F12)

study-tree-drawing = дерево строится...
study-tree-keys = Enter свернуть/развернуть · o открыть позицию · d глубже · Esc закрыть
study-tree-title = { $title }: дерево на { $depth } полуходов (K: ходящий игрок выигрывает своим K-м ходом; -K: проигрывает не позже K-го хода соперника; 0: игра окончена). В выигрышном узле только выигрывающие ходы, в проигрышном все ходы.
study-tree-none = дерева нет: { $why }
study-tree-root = эта позиция
study-help-title = Справка (Esc закрывает)
study-help-moves = Ходы
study-help-keys = Клавиши здесь
study-help-f1 = эта справка
study-help-no-game = Выберите игру в лобби: её описание говорит, что такое ход; в игре введите ход в поле под доской (или выберите его на доске стрелками и Enter).
study-help-notation-unknown = { $game }: ходы записываются в нотации игры (см. `grundy games`).
study-help-example = С начала, например: { $moves }.
study-help-example-more = С начала, например: { $moves } и другие.
study-help-type = Введите ход в поле под доской и нажмите Enter или выберите его на доске (стрелки, Enter).
study-puzzles-title = Задачи: найдите выигрывающий ход (Enter открывает, Esc назад)
study-puzzles-making = решатель составляет задачи...
study-puzzle-placeholder = ваш ход, Enter
study-grade-easy = лёгкая
study-grade-medium = средняя
study-grade-hard = трудная
study-puzzle-win-by = выигрыш за { $k } х.
study-puzzles-intro = Задач: { $count }, их составил решатель; лёгкая: выигрыш сразу, трудная: на 4-м ходу или позже.
study-puzzle-notation = Ходы записываются так: { $move }.
study-puzzle-illegal = здесь нет такого хода: { $why }
study-puzzle-right = Верно: { $said } (решено: { $solved }; Esc: к списку)
study-puzzle-wrong = Не этот: { $said }
study-puzzles-solved-here = решено здесь: { $solved } из { $count }
