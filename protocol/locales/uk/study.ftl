# Навчальна частина українською: дошка вчителя, задачі, і що кожен клієнт показує біля дошки до
# першого ходу та на кнопці підказки (client/controls.py).

## Сторінка гравця

study-puzzles-solved = Розв'язано задач: { $count }

## До першого ходу, і кнопка підказки

study-notation-example = ходи записують так: { $moves }
study-hint-spectator = глядачі підказок не отримують
study-hint-not-playing = підказки даються лише під час гри
study-hint-rated = у рейтинговій грі підказок немає: її результат іде в рейтинг (розбір буде після завершення)
study-hint-hidden = у грі { $game } підказок немає: це гра з прихованою інформацією, і розв'язувач не бачить прихованої частини
study-hint-not-your-turn = підказки даються на вашому ході; зараз ходить { $who }
study-hint-no-bot = у грі проти { $others } підказок немає: підказки даються лише в товариських іграх проти бота сервера
study-list-and = { $first } і { $second }
study-nobody = нікого

## Дерево гри в терміналі (F7), довідка (F1) і задачі (F12)

study-tree-drawing = дерево малюється...
study-tree-keys = Enter згорнути/розгорнути · o відкрити позицію · d глибше · Esc закрити
study-tree-title = { $title }: дерево на { $depth } півходів (K: гравець, що ходить, виграє своїм K-м ходом; -K: програє не пізніше K-го ходу суперника; 0: гру закінчено). У виграшному вузлі лише виграшні ходи, у програшному всі ходи.
study-tree-none = дерева немає: { $why }
study-tree-root = ця позиція
study-help-title = Довідка (Esc закриває)
study-help-moves = Ходи
study-help-keys = Клавіші тут
study-help-f1 = ця довідка
study-help-no-game = Виберіть гру в лобі: її опис каже, що таке хід; у грі введіть хід у поле під дошкою (або виберіть його на дошці стрілками й Enter).
study-help-notation-unknown = { $game }: ходи записують у нотації гри (див. `grundy games`).
study-help-example = Від початку, наприклад: { $moves }.
study-help-example-more = Від початку, наприклад: { $moves } та інші.
study-help-type = Введіть хід у поле під дошкою й натисніть Enter або виберіть його на дошці (стрілки, Enter).
study-puzzles-title = Задачі: знайдіть виграшний хід (Enter відкриває, Esc назад)
study-puzzles-making = розв'язувач складає задачі...
study-puzzle-placeholder = ваш хід, Enter
study-grade-easy = легка
study-grade-medium = середня
study-grade-hard = складна
study-puzzle-win-by = виграш за { $k } х.
study-puzzles-intro = Задач: { $count }, їх склав розв'язувач; легка: виграш одразу, складна: на 4-му ході чи пізніше.
study-puzzle-notation = Ходи записують так: { $move }.
study-puzzle-illegal = тут такого ходу немає: { $why }
study-puzzle-right = Правильно: { $said } (розв'язано: { $solved }; Esc: до списку)
study-puzzle-wrong = Не цей: { $said }
study-puzzles-solved-here = розв'язано тут: { $solved } з { $count }
